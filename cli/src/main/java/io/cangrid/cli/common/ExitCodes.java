package io.cangrid.cli.common;

/**
 * The process exit codes of the {@code cangrid} command. Scripts rely on these, so they never change
 * meaning.
 */
public final class ExitCodes {

    /** The command did what was asked. */
    public static final int OK = 0;

    /** The command ran but could not do its work because of something the user can fix. */
    public static final int USER_ERROR = 1;

    /**
     * The command line itself was wrong (unknown option, bad value, missing subcommand), or a credential it
     * names cannot be used (an expired, malformed, wrong-grid or wrong-role token, a key file others can read).
     */
    public static final int USAGE = 2;

    /** A fault inside cangrid; the message asks the user to re-run with {@code --verbose}. */
    public static final int INTERNAL_ERROR = 3;

    private ExitCodes() {
    }
}
