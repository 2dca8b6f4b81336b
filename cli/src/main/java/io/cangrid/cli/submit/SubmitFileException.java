package io.cangrid.cli.submit;

import java.nio.file.Path;

/** A submit file cangrid cannot read or will not run, with the file and line that say where. */
public final class SubmitFileException extends RuntimeException {

    public SubmitFileException(Path file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
    }

    public SubmitFileException(Path file, int line, String problem, Throwable cause) {
        super(file + ":" + line + ": " + problem, cause);
    }
}
