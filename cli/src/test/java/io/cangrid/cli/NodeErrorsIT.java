package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.demo.LocalGrid;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Mistakes an operator makes with {@code cangrid node} processes, each ending the second process at once with
 * one line and exit code 1: a second node on a work directory another one uses, and joining with another
 * grid's secret, which the node joined also logs, once per address however often it is tried.
 */
class NodeErrorsIT extends LocalGridProcesses {

    private static final long EXIT_WITHIN_SECONDS = 60;

    /** A second {@code cangrid node} process; returns its exit code and what it printed on stderr. */
    private CliRun node(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx96m", "-jar", JAR.toAbsolutePath().toString(), "node", "--listen", "127.0.0.1:0"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(EXIT_WITHIN_SECONDS, TimeUnit.SECONDS)).as("the second node ends by itself").isTrue();
            return new CliRun(p.exitValue(), "", err);
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static List<String> errorLines(CliRun run) {
        return run.err().lines().filter(l -> l.startsWith("cangrid: ")).toList();
    }

    @Test
    void aSecondNodeOnAWorkDirectoryInUseEndsAtOnceNamingItAndItsHolder() throws Exception {
        grid = new LocalGrid(dir, JAR, List.of("--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"));
        grid.start(1);
        String holder = Files.readString(grid.workdir(0).resolve("lock")).strip();
        CliRun second = node("--workdir", grid.workdir(0).toString(), "--secret-file", grid.secret().toString());
        assertThat(second.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(errorLines(second)).as(second.err()).containsExactly("cangrid: work directory " + grid.workdir(0)
                + " is in use by another node (pid " + holder + "): give each node its own --workdir");
        assertThat(grid.isAlive(0)).as("the first node runs on").isTrue();
    }

    @Test
    void joiningWithAnotherSecretSaysSoAndTheNodeJoinedLogsItOncePerAddress() throws Exception {
        grid = new LocalGrid(dir, JAR, List.of("--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"));
        grid.start(1);
        Path otherSecret = dir.resolve("other-secret");
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        Files.write(otherSecret, key);
        Files.setPosixFilePermissions(otherSecret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        for (int attempt = 0; attempt < 2; attempt++) {
            CliRun joiner = node("--workdir", dir.resolve("joiner" + attempt).toString(), "--secret-file",
                    otherSecret.toString(), "--join", grid.address(0));
            assertThat(joiner.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(errorLines(joiner)).as(joiner.err()).hasSize(1);
            assertThat(errorLines(joiner).get(0)).contains("no join address answered").contains(grid.address(0))
                    .contains("wrong grid secret");
        }
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline && !grid.log(0).contains("another grid secret")) {
            Thread.sleep(100);
        }
        assertThat(grid.log(0).lines().filter(l -> l.contains("another grid secret")).count())
                .as("lines about the stranger in the joined node's log:%n%s", grid.log(0)).isEqualTo(1);
    }
}
