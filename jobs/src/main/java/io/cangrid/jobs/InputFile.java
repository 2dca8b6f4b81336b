package io.cangrid.jobs;

import java.util.Arrays;
import java.util.Objects;

/**
 * A file the job's process finds in its working directory when it starts. Its content travels with the
 * job, so it must be small (see {@link JobCommand#MAX_INPUT_BYTES}). The array is never changed after the
 * file is made.
 */
public record InputFile(String name, byte[] content) {

    public InputFile {
        JobCommand.checkFileName(name, "input file");
        Objects.requireNonNull(content, "content");
        content = content.clone();
    }

    @Override
    public byte[] content() {
        return content.clone();
    }

    public int size() {
        return content.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InputFile f && f.name.equals(name) && Arrays.equals(f.content, content);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(content);
    }

    @Override
    public String toString() {
        return name + " (" + content.length + " bytes)";
    }
}
