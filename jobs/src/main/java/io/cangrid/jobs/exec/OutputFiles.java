package io.cangrid.jobs.exec;

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
 * as the grid's secret), opened without following links so that a link swapped in meanwhile fails, and all
 * together within the output limit, or none.
 */
final class OutputFiles {

    private OutputFiles() {
    }

    /**
     * @throws ExecRefusal when the outputs together exceed {@code limit} bytes
     */
    static List<InputFile> collect(Path work, String[] names, int limit, List<String> notes)
            throws IOException, ExecRefusal {
        List<InputFile> files = new ArrayList<>();
        long total = 0;
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
            total += a.size();
            if (total > limit) {
                throw new ExecRefusal("its outputs add up to more than the output limit of " + limit + " bytes"
                        + " (at " + name + ", " + a.size() + " bytes)");
            }
            files.add(new InputFile(name, read(f, limit)));
        }
        return files;
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
