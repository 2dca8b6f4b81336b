package io.cangrid.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One in-process run of the command line with its exit code and captured output. */
record CliRun(int exitCode, String out, String err) {

    static CliRun run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new CliRun(exitCode, out.toString(), err.toString());
    }

    static CliRun run(String... args) {
        return run(CangridCommand.newCommandLine(), args);
    }

    /** Lines written to stderr, without the trailing empty one. */
    String[] errLines() {
        return err.isEmpty() ? new String[0] : err.split("\\R");
    }
}
