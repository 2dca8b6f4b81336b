package io.cangrid.cli.node;

import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.NodeId;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The large output files of an ended job, fetched through the client's node (which has them from the run
 * node, or fetches them from it) into a directory, each checked against its SHA-256.
 */
final class LargeOutputs {

    private LargeOutputs() {
    }

    /** Writes each large output of {@code r} into {@code dir} under its name; a link in the way is replaced. */
    static void fetch(GridClient grid, JobStatusReply r, Path dir, PrintWriter err) throws IOException {
        JobOutput out = r.output();
        if (out == null || out.stored().length == 0) {
            return;
        }
        List<NodeId> holders = new ArrayList<>();
        if (r.runNode() != null) {
            holders.add(r.runNode());
        }
        if (r.owner() != null && !r.owner().equals(r.runNode())) {
            holders.add(r.owner()); // it keeps a copy, for when the run node is gone
        }
        Files.createDirectories(dir);
        for (FileRef f : out.stored()) {
            Path target = dir.resolve(f.name());
            Files.deleteIfExists(target);
            grid.download(f, holders, target, TransferBar.on(err));
        }
    }
}
