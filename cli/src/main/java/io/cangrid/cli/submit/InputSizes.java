package io.cangrid.cli.submit;

import io.cangrid.jobs.JobCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a job's input files travel: one of at most {@value #INLINE_FILE_BYTES} bytes inside the job's
 * messages (all such files together at most {@link JobCommand#MAX_INPUT_BYTES}), a larger one by reference,
 * uploaded as chunks to the node that takes the job.
 */
public final class InputSizes {

    public static final long INLINE_FILE_BYTES = 64 * 1024;

    private long inline;

    /**
     * Whether {@code p} travels by reference; an inline one is counted.
     *
     * @throws IllegalStateException when the inline files together pass their limit (the message says so)
     */
    public boolean large(Path p) throws IOException {
        long size = Files.size(p);
        if (size > INLINE_FILE_BYTES) {
            return true;
        }
        inline += size;
        if (inline > JobCommand.MAX_INPUT_BYTES) {
            throw new IllegalStateException("small input files (up to " + INLINE_FILE_BYTES / 1024 + " KiB each)"
                    + " add up to more than " + JobCommand.MAX_INPUT_BYTES / 1024 + " KiB (at " + p.getFileName()
                    + "); put them in one archive, which travels by reference");
        }
        return false;
    }
}
