package io.cangrid.jobs.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.jobs.Execution;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a node runs: the program as a real path its policy admits, with the variables its job policy admits.
 * The attack the policy must stop: a node allowing only {@code echo} is given {@code LD_PRELOAD=./evil.so}
 * and the library as an input file, and would run the library's constructor.
 */
class ExecPolicyTest {

    @TempDir
    Path dir;

    private ExecFixture fx;

    private ExecFixture fx() {
        if (fx == null) {
            fx = new ExecFixture(dir);
        }
        return fx;
    }

    @AfterEach
    void release() {
        if (fx != null) {
            fx.release();
        }
    }

    private static JobCommand withEnv(String[] argv, String... env) {
        return new JobCommand(argv, env, new InputFile[0], new String[0], 0);
    }

    @Test
    void aNameAdmitsTheProgramOfThatNameOnThePathUnderAnyOfItsNames() throws Exception {
        ProgramPath path = ProgramPath.ofNode();
        ExecPolicy echo = ExecPolicy.parse("allow:echo");
        Path real = path.resolve("echo");
        assertThat(echo.check("echo", path)).isEqualTo(real);
        assertThat(echo.check(real.toString(), path)).isEqualTo(real);
        assertThat(echo.check("/bin/echo", path)).as("a symlinked directory leads to the same file").isEqualTo(real);
    }

    @Test
    void aFileNamedLikeAnAllowedProgramElsewhereIsRefused() throws Exception {
        Path fake = dir.resolve("bin").resolve("echo");
        Files.createDirectories(fake.getParent());
        Files.writeString(fake, "#!/bin/sh\necho pwned\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        ExecPolicy echo = ExecPolicy.parse("allow:echo");
        assertThatThrownBy(() -> echo.check(fake.toString(), ProgramPath.ofNode()))
                .isInstanceOf(ExecRefusal.class).hasMessageContaining("does not allow executable '" + fake + "'")
                .hasMessageContaining("--exec allow:echo");
        assertThatThrownBy(() -> echo.check("./echo", ProgramPath.ofNode()))
                .isInstanceOf(ExecRefusal.class).hasMessageContaining("relative path");
        Path link = dir.resolve("bin").resolve("sneaky");
        Files.createSymbolicLink(link, fake);
        assertThatThrownBy(() -> ExecPolicy.parse("allow:" + dir + "/bin/sneaky").check(link.toString(),
                ProgramPath.ofNode())).as("a glob judges the real path, not the link").isInstanceOf(ExecRefusal.class);
    }

    @Test
    void anAbsoluteGlobMatchesRealPaths() throws Exception {
        Path tool = dir.resolve("opt").resolve("x").resolve("bin").resolve("tool");
        Files.createDirectories(tool.getParent());
        Files.writeString(tool, "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        ExecPolicy p = ExecPolicy.parse("allow:sh," + dir + "/opt/*/bin/tool");
        assertThat(p.check(tool.toString(), ProgramPath.ofNode())).isEqualTo(tool.toRealPath());
        assertThat(p.check("sh", ProgramPath.ofNode())).isEqualTo(ProgramPath.ofNode().resolve("sh"));
        assertThatThrownBy(() -> p.check("ls", ProgramPath.ofNode())).isInstanceOf(ExecRefusal.class)
                .hasMessageContaining("does not allow executable 'ls'");
    }

    @Test
    void policiesThatCannotMeanWhatTheySayAreRefusedWhenParsed() {
        assertThatThrownBy(() -> ExecPolicy.parse("allow:py*")).hasMessageContaining("is a pattern");
        assertThatThrownBy(() -> ExecPolicy.parse("allow:bin/sh")).hasMessageContaining("relative path");
        assertThatThrownBy(() -> ExecPolicy.parse("allow:")).hasMessageContaining("not none, any or allow:");
        assertThatThrownBy(() -> JobEnvPolicy.parse("allow:A/B")).hasMessageContaining("not a variable name");
        assertThatThrownBy(() -> JobEnvPolicy.parse("some")).hasMessageContaining("not safe, none or allow:");
    }

    @Test
    void variablesThatSteerLoadersAndInterpretersAreRefusedUnlessNamed() throws Exception {
        for (String name : List.of("LD_PRELOAD", "LD_LIBRARY_PATH", "BASH_ENV", "ENV", "PYTHONSTARTUP", "PERL5OPT",
                "JAVA_TOOL_OPTIONS", "NODE_OPTIONS", "PATH", "GIT_SSH_COMMAND", "BASH_FUNC_x%%")) {
            assertThat(JobEnvPolicy.steers(name)).as(name).isTrue();
        }
        JobEnvPolicy safe = JobEnvPolicy.safe();
        assertThatThrownBy(() -> safe.check(new String[] {"GREETING=hi", "LD_PRELOAD=./evil.so"}))
                .isInstanceOf(ExecRefusal.class).hasMessageContaining("refuses job variable LD_PRELOAD")
                .hasMessageContaining("--job-env allow:*,LD_PRELOAD");
        safe.check(new String[] {"GREETING=hi", "OMP_NUM_THREADS=4"});
        JobEnvPolicy named = JobEnvPolicy.parse("allow:*,LD_LIBRARY_PATH");
        named.check(new String[] {"LD_LIBRARY_PATH=/opt/lib", "X=1"});
        assertThatThrownBy(() -> named.check(new String[] {"LD_PRELOAD=x"})).isInstanceOf(ExecRefusal.class);
        JobEnvPolicy narrow = JobEnvPolicy.parse("allow:OMP_*");
        narrow.check(new String[] {"OMP_NUM_THREADS=4"});
        assertThatThrownBy(() -> narrow.check(new String[] {"GREETING=hi"})).isInstanceOf(ExecRefusal.class)
                .hasMessageContaining("--job-env allow:OMP_*");
        assertThatThrownBy(() -> JobEnvPolicy.parse("none").check(new String[] {"A=1"}))
                .hasMessageContaining("--job-env none");
    }

    /**
     * The attack end to end: a real shared library whose constructor leaves a mark, given as an input file and
     * preloaded into {@code echo}. Allowed by name, it runs (so the test can see an attack that works); under
     * the default job policy the node refuses the job, and refuses it again at the start should the first
     * check have been passed by.
     */
    @Test
    void aPreloadedLibraryGivenWithTheJobNeverRunsUnderTheDefaultPolicy() throws Exception {
        // Where the job user may write, outside the test's private directory (no sandbox: the host's /tmp).
        Path marker = Path.of("/tmp", "cangrid-preloaded-" + System.nanoTime());
        byte[] library = compileLibrary("#include <stdio.h>\n__attribute__((constructor)) static void pwn(void) {"
                + " FILE *f = fopen(\"" + marker + "\", \"w\"); if (f) { fputs(\"ran\", f); fclose(f); } }\n");
        JobCommand attack = new JobCommand(new String[] {"echo", "harmless"}, new String[] {"LD_PRELOAD=./evil.so"},
                new InputFile[] {new InputFile("evil.so", library)}, new String[0], 0);

        ExecSettings echoOnly = ExecSettings.of(ExecPolicy.parse("allow:echo")).withSandbox(SandboxMode.NONE);
        ProcessExecution careless = fx().execution(echoOnly.withEnv(JobEnvPolicy.parse("allow:*,LD_PRELOAD")));
        Execution.Ended control = fx().run(careless, attack);
        assertThat(control.output().stdout()).isEqualTo("harmless\n");
        assertThat(marker).as("the library does run when its variable is allowed").exists();
        Files.delete(marker);

        ProcessExecution node = fx().execution(echoOnly);
        assertThat(node.refusal(ExecFixture.job(attack))).contains("refuses job variable LD_PRELOAD");
        Execution.Ended started = fx().run(node, attack);
        assertThat(started.error()).contains("refuses job variable LD_PRELOAD");
        assertThat(started.output()).isNull();
        assertThat(marker).doesNotExist();
    }

    private byte[] compileLibrary(String source) throws Exception {
        Path c = dir.resolve("evil.c");
        Path so = dir.resolve("evil.so");
        Files.writeString(c, source);
        Process p = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", so.toString(), c.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("cc: %s", out).isZero();
        return Files.readAllBytes(so);
    }

    @Test
    void aNodeThatRunsNothingSaysWhatItsOperatorWouldHaveToAllow() {
        ProcessExecution none = fx().execution(ExecSettings.of(ExecPolicy.none()));
        assertThat(none.refusal(ExecFixture.job(JobCommand.of("sh")))).contains("runs no commands (--exec none)")
                .contains("--exec allow:sh");
        assertThat(none.runsCommands()).isFalse();
    }

    @Test
    void theStartRefusesWhatThePolicyRefusesEvenIfTheQueueDidNotAsk() throws Exception {
        ProcessExecution shOnly = fx().execution(ExecSettings.of(ExecPolicy.parse("allow:sh")).withSandbox(SandboxMode.NONE));
        Execution.Ended e = fx().run(shOnly, withEnv(new String[] {"ls", "/"}));
        assertThat(e.error()).contains("does not allow executable 'ls'");
    }
}
