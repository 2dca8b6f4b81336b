package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cangrid.cli.common.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad submit files: each is refused with one line naming the file, the line and the problem, exit 1, and
 * no job printed. Also the command line around {@code -f}, and the plain {@code submit -- CMD} form.
 */
class SubmitFileErrorsTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** Runs a dry run of {@code text} and returns its one error line, having checked nothing else came out. */
    private String refusal(String text) throws IOException {
        Path file = write("job.sub", text);
        CliRun run = CliRun.run("submit", "-f", file.toString(), "--dry-run");
        assertThat(run.out()).isEmpty();
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.errLines()).hasSize(1);
        String prefix = "cangrid: " + file + ":";
        assertThat(run.errLines()[0]).startsWith(prefix);
        return run.errLines()[0].substring(prefix.length());
    }

    @Test
    void anUnknownCommandIsRefusedByName() throws IOException {
        assertThat(refusal("executable = /bin/echo\nargumnets = hi\nqueue\n"))
                .isEqualTo("2: unknown command `argumnets` (neither a command cangrid supports nor a macro the file"
                        + " uses as $(argumnets))");
    }

    @Test
    void anHtcondorCommandCangridDoesNotSupportIsRefusedByName() throws IOException {
        assertThat(refusal("executable = /bin/echo\n\npriority = 10\nqueue\n"))
                .isEqualTo("3: `priority` is an HTCondor command cangrid does not support");
        assertThat(refusal("executable = /bin/echo\n+ProjectName = \"x\"\nqueue\n"))
                .isEqualTo("2: `+ProjectName`: custom job attributes (+Name, MY.Name) are not supported");
        assertThat(refusal("include : other.sub\nexecutable = /bin/echo\nqueue\n"))
                .isEqualTo("1: `include` is an HTCondor command cangrid does not support");
    }

    @Test
    void aMalformedRequirementNamesItsLineAndColumn() throws IOException {
        assertThat(refusal("executable = /bin/echo\nrequirements = Memory >= && OpSys == \"LINUX\"\nqueue\n"))
                .isEqualTo("2: requirements: column 11: expected a value, found '&&'");
        assertThat(refusal("executable = /bin/echo\nrank = Memory +\nqueue\n"))
                .startsWith("2: rank: column 9: the expression ends where a value was expected");
    }

    @Test
    void aLineThatIsNeitherAnAssignmentNorQueueIsRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\nrun it\nqueue\n"))
                .isEqualTo("2: `run` is not a command: a line is `name = value` or `queue ...`");
        assertThat(refusal("executable = /bin/echo\nqueue = 3\n"))
                .isEqualTo("2: `queue` is a statement, not a command: write `queue` or `queue N`, without =");
    }

    @Test
    void anUnbalancedMacroIsRefusedWhereItIsEvenIfUnused() throws IOException {
        assertThat(refusal("executable = /bin/echo\narguments = $(Process\nqueue\n"))
                .isEqualTo("2: unbalanced $( in `arguments = $(Process`: no closing )");
        assertThat(refusal("executable = /bin/echo\nqueue\nlater = $(oops\n"))
                .isEqualTo("3: unbalanced $( in `later = $(oops`: no closing )");
    }

    @Test
    void aMacroUsedButNeverDefinedIsRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\narguments = $(input_file)\nqueue\n"))
                .isEqualTo("2: arguments: macro $(input_file) is used but never defined (HTCondor would make it"
                        + " empty; define it, or write $(input_file:) for empty)");
    }

    @Test
    void aMacroThroughAnotherIsRefusedAtTheCommandThatUsesIt() throws IOException {
        assertThat(refusal("executable = /bin/echo\nname = $(base).txt\noutput = $(name)\nqueue\n"))
                .startsWith("3: output: macro $(base) is used but never defined");
    }

    @Test
    void macrosInALoopAreRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\na = $(b)\nb = $(a)\narguments = $(a)\nqueue\n"))
                .isEqualTo("4: arguments: macros refer to each other in a loop");
    }

    @Test
    void unsupportedMacroFormsAreRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\narguments = $ENV(HOME)\nqueue\n"))
                .isEqualTo("2: the macro function $ENV(...) is not supported");
        assertThat(refusal("executable = /bin/echo\narguments = $$(Memory)\nqueue\n"))
                .isEqualTo("2: $$(...) (match-time substitution) is not supported");
    }

    @Test
    void aMissingInputFileIsRefusedNamingWhereItWasLookedFor() throws IOException {
        assertThat(refusal("executable = /bin/cat\ntransfer_input_files = here.txt, missing.txt\nqueue\n"
                .replace("here.txt", write("here.txt", "x").getFileName().toString())))
                .isEqualTo("2: input file `missing.txt` does not exist (looked in " + dir + ")");
    }

    @Test
    void inputFilesAreLookedForInInitialdirNotBesideTheSubmitFile() throws IOException {
        write("data.txt", "x");
        Files.createDirectory(dir.resolve("run"));
        assertThat(refusal("executable = /bin/cat\ninitialdir = run\ntransfer_input_files = data.txt\nqueue\n"))
                .isEqualTo("3: input file `data.txt` does not exist (looked in " + dir.resolve("run") + ")");
        assertThat(refusal("executable = /bin/cat\ninitialdir = nowhere\nqueue\n"))
                .isEqualTo("2: initialdir `nowhere` is not a directory (looked for " + dir.resolve("nowhere") + ")");
    }

    @Test
    void aQueueThatExpandsToNothingIsRefused() throws IOException {
        assertThat(refusal("executable = /bin/cat\nqueue matching *.nothing\n"))
                .isEqualTo("2: queue: expands to no jobs: no file matches `*.nothing` in " + dir);
        assertThat(refusal("executable = /bin/cat\nqueue 0\n")).isEqualTo("2: queue: queue 0 expands to no jobs");
        assertThat(refusal("executable = /bin/cat\nqueue x in ()\n"))
                .isEqualTo("2: queue: expands to no jobs: its list is empty");
        write("empty.txt", "\n\n");
        assertThat(refusal("executable = /bin/cat\nqueue x from empty.txt\n"))
                .isEqualTo("2: queue: expands to no jobs: its list is empty");
    }

    @Test
    void badQueueStatementsAreRefused() throws IOException {
        assertThat(refusal("executable = /bin/cat\nqueue x in (\n a\n b\n"))
                .isEqualTo("2: queue: the list opened with ( is never closed with a line holding only )");
        assertThat(refusal("executable = /bin/cat\nqueue x from missing.txt\n"))
                .isEqualTo("2: queue: the item file `missing.txt` does not exist (looked in " + dir + ")");
        assertThat(refusal("executable = /bin/cat\nqueue x from [1:] (\na\n)\n"))
                .isEqualTo("2: queue: slices ([start:end:step]) are not supported");
        assertThat(refusal("executable = /bin/cat\nqueue x, y from (\n a\n)\n"))
                .isEqualTo("2: queue: the row `a` has 1 field(s) for 2 variables");
        assertThat(refusal("executable = /bin/cat\nqueue x y\n"))
                .isEqualTo("2: queue: variables [x, y] need `in`, `from` or `matching` after them");
        assertThat(refusal("executable = /bin/cat\nqueue x, y in (a b)\n"))
                .isEqualTo("2: queue: `in` sets one variable; use `from` for several");
        assertThat(refusal("executable = /bin/cat\nqueue 2*3\n"))
                .isEqualTo("2: queue: `2*3`: the count must be a whole number (expressions are not supported)");
    }

    @Test
    void requestCpusOutsideOneTo1024IsRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\nrequest_cpus = 0\nqueue\n"))
                .isEqualTo("2: request_cpus = 0: a job asks 1 to 1024 cores");
        assertThat(refusal("executable = /bin/echo\nrequest_cpus = 1025\nqueue\n"))
                .isEqualTo("2: request_cpus = 1025: a job asks 1 to 1024 cores");
        assertThat(refusal("executable = /bin/echo\nrequest_cpus = many\nqueue\n"))
                .isEqualTo("2: request_cpus = many: expected a whole number of cores (expressions are not supported)");
    }

    @Test
    void badSizesAreRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\nrequest_memory = 2X\nqueue\n"))
                .isEqualTo("2: request_memory: `2X` is not a size (a number with an optional unit K, M, G or T;"
                        + " expressions are not supported)");
        assertThat(refusal("executable = /bin/echo\nrequest_disk = 0\nqueue\n"))
                .isEqualTo("2: request_disk: `0` is not a positive size");
    }

    @Test
    void aFileWithoutQueueIsRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\narguments = hi\n# the end\n"))
                .isEqualTo("2: no queue statement: the file queues no jobs (end it with `queue`)");
    }

    @Test
    void aJobWithoutExecutableIsRefusedAtItsQueue() throws IOException {
        assertThat(refusal("arguments = hi\nqueue\n"))
                .isEqualTo("2: queue: no executable (set `executable = PROGRAM` before queue)");
    }

    @Test
    void universesOtherThanVanillaAreRefused() throws IOException {
        assertThat(refusal("universe = docker\nexecutable = /bin/echo\nqueue\n"))
                .isEqualTo("1: universe `docker` is not supported: cangrid runs vanilla jobs only");
    }

    @Test
    void badTransferSettingsAndQuotingAreRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\nshould_transfer_files = MAYBE\nqueue\n"))
                .isEqualTo("2: should_transfer_files = MAYBE: expected one of YES, NO, IF_NEEDED");
        assertThat(refusal("executable = /bin/echo\narguments = \"one 'two\"\nqueue\n"))
                .isEqualTo("2: arguments: a single quote is opened but never closed");
        assertThat(refusal("executable = /bin/echo\nenvironment = A=1;justaname\nqueue\n"))
                .isEqualTo("2: environment: environment entry `justaname` is not NAME=VALUE");
    }

    @Test
    void aContinuationPastTheEndIsRefused() throws IOException {
        assertThat(refusal("executable = /bin/echo\nqueue\narguments = a \\\n"))
                .isEqualTo("3: the line continues (ends in \\) past the end of the file");
    }

    @Test
    void theErrorComesBeforeAnyJobIsPrinted() throws IOException {
        assertThat(refusal("executable = /bin/echo\nqueue 3\nrequest_cpus = 0\nqueue\n"))
                .isEqualTo("3: request_cpus = 0: a job asks 1 to 1024 cores");
    }

    @Test
    void aSubmitFileIsCheckedWholeBeforeAnyNodeIsAsked() throws IOException {
        Path file = write("job.sub", "executable = /bin/echo\nqueue\n");
        Path bad = write("bad.sub", "executable = /bin/echo\nqueue\nrequest_cpus = 0\nqueue\n");
        assumeTrue(System.getenv("CANGRID_PEER") == null, "CANGRID_PEER names a node here");
        CliRun noPeer = CliRun.run("submit", "-f", file.toString());
        assertThat(noPeer.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(noPeer.out()).isEmpty();
        assertThat(noPeer.errLines()).containsExactly("cangrid: no node to talk to: give --peer HOST:PORT or set"
                + " CANGRID_PEER");
        CliRun refused = CliRun.run("submit", "-f", bad.toString());
        assertThat(refused.errLines()).containsExactly("cangrid: " + bad + ":3: request_cpus = 0: a job asks 1 to"
                + " 1024 cores");
    }

    @Test
    void aMissingSubmitFileIsRefused() {
        Path file = dir.resolve("none.sub");
        CliRun run = CliRun.run("submit", "-f", file.toString(), "--dry-run");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.errLines()).containsExactly("cangrid: " + file + ":0: the submit file does not exist");
    }

    @Test
    void theCommandLineAroundASubmitFileIsChecked() throws IOException {
        Path file = write("job.sub", "executable = /bin/echo\nqueue\n");
        CliRun both = CliRun.run("submit", "-f", file.toString(), "--dry-run", "--", "sh");
        assertThat(both.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.err()).contains("give a submit file (-f FILE) or a command (-- CMD), not both");

        CliRun cores = CliRun.run("submit", "-f", file.toString(), "--dry-run", "--cores", "2");
        assertThat(cores.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(cores.err()).contains("--cores describes a job given as -- CMD");

        CliRun dryRunAlone = CliRun.run("submit", "--dry-run", "--", "sh");
        assertThat(dryRunAlone.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(dryRunAlone.err()).contains("--dry-run goes with a submit file");
    }

    @Test
    void thePlainFormStillNeedsItsCommand() {
        CliRun run = CliRun.run("submit", "--peer", "127.0.0.1:1");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines()[0]).contains("Missing required parameter: 'CMD'");
    }
}
