package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.UserError;
import io.cangrid.live.CredentialException;
import io.cangrid.cli.common.Validation;

import java.io.PrintWriter;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns every failure into at most two short lines on stderr and an exit code, so that a user never
 * sees a stack trace unless they ask for one with {@code --verbose}:
 * <ul>
 *   <li>bad command line ({@link ParameterException}, also from {@link Validation}): the problem and a
 *       hint to run {@code --help} on the command concerned, on the same line; {@link ExitCodes#USAGE};</li>
 *   <li>a key, token or revocation that cannot be used ({@link CredentialException}): the message, which
 *       names the problem and the remedy; {@link ExitCodes#USAGE}, as for a bad option;</li>
 *   <li>{@link UserError} or {@link IllegalArgumentException} while running: the message;
 *       {@link ExitCodes#USER_ERROR};</li>
 *   <li>anything else: an internal error, with the stack trace in the debug log;
 *       {@link ExitCodes#INTERNAL_ERROR}.</li>
 * </ul>
 */
final class ErrorReporter implements IParameterExceptionHandler, IExecutionExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ErrorReporter.class);
    private static final String PREFIX = "cangrid: ";
    private static final int MAX_SUGGESTIONS = 3;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine commandLine = ex.getCommandLine();
        log.debug("invalid arguments for '{}'", commandLine.getCommandSpec().qualifiedName(), ex);
        PrintWriter err = commandLine.getErr();
        err.println(PREFIX + oneLine(withSuggestions(ex)) + " (try '" + commandLine.getCommandSpec().qualifiedName()
                + " --help')");
        err.flush();
        return ExitCodes.USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine, ParseResult parseResult) {
        // Errors (StackOverflowError, OutOfMemoryError) arrive wrapped, see CangridCommand.
        Throwable failure = ex instanceof ExecutionException && ex.getCause() instanceof Error
                ? ex.getCause()
                : ex;
        String command = commandLine.getCommandSpec().qualifiedName();
        if (failure instanceof CredentialException) {
            // A credential the user must replace or fix, as unusable as a bad option: said like one.
            log.debug("'{}' failed", command, failure);
            PrintWriter err = commandLine.getErr();
            err.println(PREFIX + oneLine(messageOf(failure)));
            err.flush();
            return ExitCodes.USAGE;
        }
        if (failure instanceof UserError || failure instanceof IllegalArgumentException) {
            log.debug("'{}' failed", command, failure);
            PrintWriter err = commandLine.getErr();
            err.println(PREFIX + oneLine(messageOf(failure)));
            err.flush();
            return ExitCodes.USER_ERROR;
        }
        return reportInternalError(commandLine.getErr(), command, failure);
    }

    /** Reports a fault inside cangrid; the stack trace goes to the debug log. */
    static int reportInternalError(PrintWriter err, String command, Throwable failure) {
        log.debug("internal error in '{}'", command, failure);
        String what = failure instanceof OutOfMemoryError
                ? "out of memory (" + messageOf(failure) + "); give the JVM more heap, e.g. CANGRID_JAVA_OPTS=-Xmx8g"
                : failure.getClass().getSimpleName() + ": " + messageOf(failure);
        String hint = log.isDebugEnabled() ? "" : " (run with --verbose for details)";
        err.println(PREFIX + "internal error: " + oneLine(what) + hint);
        err.flush();
        return ExitCodes.INTERNAL_ERROR;
    }

    private static String withSuggestions(ParameterException ex) {
        String message = messageOf(ex);
        if (ex instanceof UnmatchedArgumentException unmatched && takesACommand(ex.getCommandLine())
                && unmatched.getUnmatched().stream().anyMatch(a -> a.startsWith("-"))) {
            // "submit sh -c 'x'": the command's own options were read as submit's.
            return message + "; a command's own options go after '--', as in: "
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " [options] -- CMD ARGS...";
        }
        if (ex instanceof UnmatchedArgumentException unmatched) {
            List<String> suggestions = unmatched.getSuggestions();
            if (!suggestions.isEmpty()) {
                List<String> shown = suggestions.subList(0, Math.min(MAX_SUGGESTIONS, suggestions.size()));
                message += " (did you mean " + String.join(" or ", shown) + "?)";
            }
        }
        return message;
    }

    /** Whether the command takes a command line of its own after {@code --} (its positionals are named CMD). */
    private static boolean takesACommand(CommandLine commandLine) {
        return commandLine.getCommandSpec().positionalParameters().stream().anyMatch(p -> "CMD".equals(p.paramLabel()));
    }

    private static String messageOf(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }

    /** Keeps the report to one line even when a message spans several. */
    private static String oneLine(String message) {
        return message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
