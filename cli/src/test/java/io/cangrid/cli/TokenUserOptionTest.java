package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.live.AdmissionToken;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cangrid grid token --user NAME}: the token names the user its holder acts as, the Owner of the jobs
 * submitted with it; a name that cannot be one is refused with one line and exit code 2, and no token made.
 */
class TokenUserOptionTest {

    @TempDir
    Path dir;

    @Test
    void aTokenNamesItsUserAndABadNameIsRefused() throws Exception {
        Path authority = dir.resolve("authority");
        assertThat(CliRun.run("grid", "init", "--authority", authority.toString(), "--grid", "users").exitCode())
                .isZero();
        Path token = dir.resolve("riffraff.token");
        CliRun made = CliRun.run("grid", "token", "--authority", authority.toString(), "--role", "submit",
                "--user", "riffraff", "--out", token.toString());
        assertThat(made.exitCode()).as(made.err()).isZero();
        assertThat(made.err()).contains("user riffraff");
        assertThat(AdmissionToken.parse(Files.readString(token).strip()).user()).isEqualTo("riffraff");

        Path bad = dir.resolve("bad.token");
        CliRun refused = CliRun.run("grid", "token", "--authority", authority.toString(), "--role", "submit",
                "--user", "riff raff", "--out", bad.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("--user").contains("letters, digits and . _ @ -");
        assertThat(bad).doesNotExist();
    }
}
