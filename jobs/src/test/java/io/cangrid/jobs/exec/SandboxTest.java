package io.cangrid.jobs.exec;

import static io.cangrid.jobs.exec.ExecFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.Execution;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bubblewrap sandbox (which CI installs): a job cannot read the node's secret, write outside its own
 * directory, share {@code /tmp}, or, with no network, connect to another node. Each check is made against
 * files and a port that nothing but the sandbox keeps from the job (world-readable, world-writable, open on
 * loopback), and each has its control without the sandbox, which the job does reach.
 */
class SandboxTest {

    @TempDir
    Path dir;

    private ExecFixture fx;
    private Path secret;
    private Path elsewhere;

    @org.junit.jupiter.api.BeforeEach
    void node() throws Exception {
        fx();
    }

    private ExecFixture fx() throws Exception {
        if (fx == null) {
            fx = new ExecFixture(dir.resolve("node"));
            Path home = dir.resolve("node");
            Files.createDirectories(home);
            secret = home.resolve("secret");
            Files.writeString(secret, "grid secret");
            elsewhere = dir.resolve("shared");
            Files.createDirectories(elsewhere);
            // Nothing but the sandbox stands between a job user and these.
            for (Path p : List.of(dir, home)) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
            Files.setPosixFilePermissions(elsewhere, PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        return fx;
    }

    @AfterEach
    void release() {
        if (fx != null) {
            fx.release();
        }
    }

    private ExecSettings settings(SandboxMode mode) {
        return ExecSettings.of(ExecPolicy.any()).withSandbox(mode).hiding(List.of(dir.resolve("node"), secret));
    }

    private Execution.Ended run(SandboxMode mode, String script) throws Exception {
        ProcessExecution exec = fx().execution(settings(mode));
        return fx().run(exec, shell(script, 30_000));
    }

    @Test
    void aSandboxedJobCannotReadTheNodesSecret() throws Exception {
        String read = "cat " + dir.resolve("node").resolve("secret") + " && echo READ || echo HIDDEN";
        assertThat(run(SandboxMode.NONE, read).output().stdout()).as("control: no sandbox").contains("grid secret");
        Execution.Ended e = run(SandboxMode.BWRAP, read);
        assertThat(e.output().stdout()).doesNotContain("grid secret").contains("HIDDEN");
    }

    @Test
    void aSandboxedJobCannotWriteOutsideItsDirectory() throws Exception {
        String write = "echo x > " + elsewhere.resolve("f") + " && echo WROTE; echo y > mine && echo OWN";
        assertThat(run(SandboxMode.NONE, write).output().stdout()).as("control: no sandbox").contains("WROTE");
        Files.deleteIfExists(elsewhere.resolve("f"));
        Execution.Ended e = run(SandboxMode.BWRAP, write + "; touch /usr/cangrid-x 2>/dev/null && echo USR");
        assertThat(e.output().stdout()).contains("OWN").doesNotContain("WROTE").doesNotContain("USR");
        assertThat(elsewhere.resolve("f")).doesNotExist();
    }

    @Test
    void aSandboxedJobHasATmpOfItsOwn() throws Exception {
        String name = "cangrid-private-" + System.nanoTime();
        Path host = Path.of("/tmp", name);
        try {
            Execution.Ended e = run(SandboxMode.BWRAP, "echo x > /tmp/" + name + " && ls /tmp");
            assertThat(e.output().stdout()).contains(name);
            assertThat(host).as("the host's /tmp").doesNotExist();
            assertThat(run(SandboxMode.BWRAP, "ls -a /tmp").output().stdout())
                    .as("a second job does not see the first's /tmp").doesNotContain(name);
        } finally {
            Files.deleteIfExists(host);
        }
    }

    @Test
    void withoutNetworkASandboxedJobCannotConnectToAnotherNode() throws Exception {
        try (ServerSocket node = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            JobCommand connect = new JobCommand(new String[] {"bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/"
                    + node.getLocalPort() + " && echo CONNECTED || echo REFUSED"}, new String[0], new InputFile[0],
                    new String[0], 30_000);
            ProcessExecution open = fx().execution(settings(SandboxMode.BWRAP));
            assertThat(fx().run(open, connect).output().stdout()).as("control: network on").contains("CONNECTED");
            ProcessExecution closed = fx().execution(settings(SandboxMode.BWRAP).withNetwork(false));
            Execution.Ended e = fx().run(closed, connect);
            assertThat(e.output().stdout()).contains("REFUSED").doesNotContain("CONNECTED");
        }
    }
}
