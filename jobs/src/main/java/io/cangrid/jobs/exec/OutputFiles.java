package io.cangrid.jobs.exec;

import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.InputFile;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The declared outputs of a run, read back from the job's directory: only regular files that are there
 * themselves (a link is not followed: a job must not return what its run node can read and it cannot, such
 * as the grid's secret), opened without following links so that a link swapped in meanwhile fails. Small
 * ones travel inside the result, within the node's output limit together; larger ones are kept as chunks
 * by the node's {@link RunFiles}, within its per-job output quota together. Over either, none come back.
 */
final class OutputFiles {

    /** Outputs up to this size travel inside the result; larger ones by reference. */
    static final int INLINE_BYTES = 64 * 1024;

    private final RunFiles files;
    private final String key;
    private final List<InputFile> inline = new ArrayList<>();
    private final List<FileRef> stored = new ArrayList<>();

    OutputFiles(RunFiles files, String key) {
        this.files = files;
        this.key = key;
    }

    List<InputFile> inline() {
        return inline;
    }

    List<FileRef> stored() {
        return stored;
    }

    /**
     * @throws ExecRefusal when the outputs together exceed a limit; then none are kept
     */
    void collect(Path work, String[] names, int limit, List<String> notes) throws IOException, ExecRefusal {
        long inlineTotal = 0;
        long storedTotal = 0;
        long quota = files.maxJobOutputBytes();
        for (String name : names) {
            Path f = work.resolve(name);
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                notes.add("output " + name + " was not produced");
                continue;
            }
            if (!a.isRegularFile()) {
                notes.add("output " + name + " is " + (a.isSymbolicLink() ? "a symbolic link" : "not a regular file")
                        + ": not collected");
                continue;
            }
            if (a.size() > INLINE_BYTES && quota > 0) {
                storedTotal += a.size();
                if (storedTotal > quota) {
                    drop();
                    throw new ExecRefusal("its large outputs add up to more than node's output quota of " + quota
                            + " bytes (at " + name + ", " + a.size() + " bytes; grid.files.max-job-output)");
                }
                stored.add(files.keep(key, f, name));
                continue;
            }
            inlineTotal += a.size();
            if (inlineTotal > limit) {
                drop();
                throw new ExecRefusal("its outputs add up to more than the output limit of " + limit + " bytes"
                        + " (at " + name + ", " + a.size() + " bytes; the node's grid.job.output-limit)");
            }
            inline.add(new InputFile(name, read(f, limit)));
        }
    }

    private void drop() {
        inline.clear();
        if (!stored.isEmpty()) {
            files.release(key);
            stored.clear();
        }
    }

    private static byte[] read(Path f, int limit) throws IOException, ExecRefusal {
        try (SeekableByteChannel ch = Files.newByteChannel(f, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
                var in = java.nio.channels.Channels.newInputStream(ch)) {
            byte[] content = in.readNBytes(limit + 1);
            if (content.length > limit) {
                throw new ExecRefusal("output " + f.getFileName() + " grew past the output limit of " + limit
                        + " bytes while it was read");
            }
            return content;
        }
    }
}
