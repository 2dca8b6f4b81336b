package io.cangrid.cli.common;

/**
 * A failure the user can fix (a file that does not exist, a peer that does not answer, a job id that is
 * unknown), raised while a command runs. It is reported as a single line {@code cangrid: <message>} and
 * the process exits with {@link ExitCodes#USER_ERROR}, without a stack trace. The message should say what
 * was wrong and what to do about it.
 *
 * <p>Problems with the command line itself belong in a picocli {@code ParameterException} instead (see
 * {@link Validation}), which exits with {@link ExitCodes#USAGE} and points at {@code --help}.
 */
public class UserError extends RuntimeException {

    public UserError(String message) {
        super(message);
    }

    /** Keeps {@code cause} for the debug log ({@code --verbose}); the user sees only {@code message}. */
    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
