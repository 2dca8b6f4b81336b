package io.cangrid.cli.node;

import io.cangrid.jobs.FileRef;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A submission's large input files, uploaded to the node that takes its jobs: each file once however many
 * jobs name it, and of each only the chunks the node lacks.
 */
final class LargeInputs {

    private final GridClient grid;
    private final PrintWriter err;
    private final Map<Path, FileRef> uploaded = new HashMap<>();

    LargeInputs(GridClient grid, PrintWriter err) {
        this.grid = grid;
        this.err = err;
    }

    /** The references of {@code files}, uploading those not uploaded yet. */
    FileRef[] upload(List<Path> files) throws IOException {
        FileRef[] refs = new FileRef[files.size()];
        for (int i = 0; i < refs.length; i++) {
            Path p = files.get(i).toAbsolutePath().normalize();
            FileRef ref = uploaded.get(p);
            if (ref == null) {
                ref = grid.upload(p, p.getFileName().toString(), TransferBar.on(err));
                uploaded.put(p, ref);
            }
            refs[i] = ref;
        }
        return refs;
    }
}
