package io.cangrid.cli.common;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Checks on option values that picocli's type conversion cannot express. A failed check throws a
 * {@link ParameterException}, which is reported like any other bad argument: one line
 * {@code cangrid: <message>}, a hint to run {@code --help} on the command, exit code
 * {@link ExitCodes#USAGE}.
 *
 * <p>Call these at the start of a command's {@code call()}, passing the command's injected
 * {@code @Spec CommandSpec}.
 */
public final class Validation {

    private Validation() {
    }

    /** Throws a usage error carrying {@code message} unless {@code condition} holds. */
    public static void require(boolean condition, CommandSpec spec, String message) {
        if (!condition) {
            throw fail(spec, message);
        }
    }

    /**
     * A usage error for {@code spec}'s command, to be thrown by the caller:
     * {@code throw Validation.fail(spec, "--from and --to name the same node")}.
     */
    public static ParameterException fail(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** Requires {@code value >= min}; the message reads {@code --nodes must be >= 1, was 0}. */
    public static long atLeast(CommandSpec spec, String option, long value, long min) {
        require(value >= min, spec, option + " must be >= " + min + ", was " + value);
        return value;
    }

    /** Requires {@code min <= value <= max}; the message reads {@code --sf must be in [1, 3], was 4}. */
    public static long inRange(CommandSpec spec, String option, long value, long min, long max) {
        require(value >= min && value <= max, spec,
                option + " must be in [" + min + ", " + max + "], was " + value);
        return value;
    }

    /** Requires a finite {@code min <= value <= max}; the message reads {@code --loss must be in [0.0, 1.0], was 1.5}. */
    public static double inRange(CommandSpec spec, String option, double value, double min, double max) {
        require(Double.isFinite(value) && value >= min && value <= max, spec,
                option + " must be in [" + min + ", " + max + "], was " + value);
        return value;
    }
}
