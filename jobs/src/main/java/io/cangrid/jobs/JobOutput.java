package io.cangrid.jobs;

import java.util.Arrays;
import java.util.Objects;

/**
 * What a real job's run left behind, carried with its result to the client and its owner: the process's
 * exit code, its standard output and error (size-limited, as text), the declared output files it wrote
 * (size-limited) and a note saying what was cut or missing. A simulated job has none (its result carries
 * null), so simulated results stay as they were.
 *
 * <p>Output files reuse {@link InputFile}: a plain file name and a small content, what both directions need.
 *
 * @param notes what was truncated or missing, one line each; null when nothing was
 * @param stored large output files, by reference: their chunks stay on the run node until fetched
 */
public record JobOutput(int exitCode, String stdout, String stderr, InputFile[] files, String notes,
        FileRef[] stored) {

    /** An output whose files all travel inside its message. */
    public JobOutput(int exitCode, String stdout, String stderr, InputFile[] files, String notes) {
        this(exitCode, stdout, stderr, files, notes, new FileRef[0]);
    }

    public JobOutput {
        stored = stored == null ? new FileRef[0] : stored.clone();
        for (FileRef f : stored) {
            Objects.requireNonNull(f, "stored output file");
        }
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(files, "files");
        files = files.clone();
        for (InputFile f : files) {
            Objects.requireNonNull(f, "output file");
        }
    }

    @Override
    public InputFile[] files() {
        return files.clone();
    }

    @Override
    public FileRef[] stored() {
        return stored.clone();
    }

    /** The large output file {@code name}, or null. */
    public FileRef storedFile(String name) {
        for (FileRef f : stored) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The content of output file {@code name}, or null when the run did not produce it. */
    public InputFile file(String name) {
        for (InputFile f : files) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobOutput j && j.exitCode == exitCode && j.stdout.equals(stdout) && j.stderr.equals(stderr)
                && Arrays.equals(j.files, files) && Objects.equals(j.notes, notes) && Arrays.equals(j.stored, stored);
    }

    @Override
    public int hashCode() {
        return Objects.hash(exitCode, stdout, stderr, Arrays.hashCode(files), notes, Arrays.hashCode(stored));
    }

    @Override
    public String toString() {
        return "exit " + exitCode + ", " + stdout.length() + " chars out, " + stderr.length() + " chars err, "
                + (files.length + stored.length) + " file(s)" + (notes == null ? "" : " (" + notes + ")");
    }
}
