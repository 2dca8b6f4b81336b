package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.live.AdmissionToken;
import io.cangrid.live.GridAuthority;
import io.cangrid.live.KeyFile;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A credential that cannot be used stops a command at once with one line naming the problem and the
 * remedy, and exit code 2; a node with one never binds its port (it never starts half-admitted).
 */
class CredentialErrorsTest {

    @TempDir
    Path dir;

    private final GridAuthority authority = new GridAuthority("tokens", NodeKey.generate());

    @Test
    void anExpiredTokenNamesTheAuthority() throws Exception {
        Path t = token(authority.issue(Role.NODE, Duration.ofHours(1), new byte[0], Instant.now().minus(Duration.ofDays(2))));
        assertRefused(node(t), "expired", "cangrid grid token");
    }

    @Test
    void aTokenFromTheFutureNamesTheClock() throws Exception {
        Path t = token(authority.issue(Role.NODE, Duration.ofDays(1), new byte[0], Instant.now().plus(Duration.ofHours(2))));
        assertRefused(node(t), "clock", "NTP");
    }

    @Test
    void aMalformedTokenSaysWhatATokenLooksLike() throws Exception {
        Path t = dir.resolve("bad.token");
        Files.writeString(t, "cgt1.AAAA-this-is-not-a-token\n");
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-------"));
        assertRefused(node(t), "admission token", "make a new one");
        Files.writeString(t, "hello\n");
        assertRefused(node(t), "not a cangrid admission token");
    }

    @Test
    void aTokenOfAnotherGridIsRefused() throws Exception {
        Path t = token(authority.issue(Role.NODE, Duration.ofDays(1), new byte[0], Instant.now()));
        assertRefused(node(t, "--grid", "elsewhere"), "is for grid 'tokens'", "--grid says 'elsewhere'");
    }

    @Test
    void aSubmitTokenCannotStartANodeAndAReadTokenCannotSubmit() throws Exception {
        Path submit = token(authority.issue(Role.SUBMIT, Duration.ofDays(1), new byte[0], Instant.now()));
        assertRefused(node(submit), "is a submit token; this needs a node token", "--role node");
        Path read = token(authority.issue(Role.READ, Duration.ofDays(1), new byte[0], Instant.now()));
        assertRefused(CliRun.run("submit", "--token", read.toString(), "--peer", "127.0.0.1:9", "--", "true"),
                "is a read token; this needs a submit token");
    }

    @Test
    void aTokenOrKeyFileOthersCanReadIsRefused() throws Exception {
        Path t = token(authority.issue(Role.NODE, Duration.ofDays(1), new byte[0], Instant.now()));
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-r--r--"));
        assertRefused(node(t), "can be read by others", "chmod 600");

        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-------"));
        Path work = dir.resolve("work");
        KeyFile.loadOrCreate(work.resolve("node.key"));
        Files.setPosixFilePermissions(work.resolve("node.key"), PosixFilePermissions.fromString("rw-r--r--"));
        assertRefused(node(t), "node.key can be read by others", "chmod 600");

        Path clientKey = dir.resolve("client.key");
        KeyFile.loadOrCreate(clientKey);
        Files.setPosixFilePermissions(clientKey, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertRefused(CliRun.run("peers", "--token", t.toString(), "--key-file", clientKey.toString(), "--peer",
                "127.0.0.1:9"), "can be read by others");
    }

    private CliRun node(Path token, String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("node", "--listen", "127.0.0.1:0",
                "--workdir", dir.resolve("work").toString(), "--token", token.toString()));
        args.addAll(java.util.List.of(more));
        return CliRun.run(args.toArray(String[]::new));
    }

    private static void assertRefused(CliRun run, String... saying) {
        assertThat(run.exitCode()).as("exit code of %s", run.err()).isEqualTo(2);
        assertThat(run.errLines()).as("one line").hasSize(1);
        assertThat(run.err()).startsWith("cangrid: ").contains(saying);
    }

    private Path token(AdmissionToken token) throws Exception {
        Path f = Files.createTempFile(dir, "t", ".token");
        Files.writeString(f, token.text() + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f;
    }
}
