package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cangrid peersim install} and what {@code cangrid peersim} says without PeerSim. */
class PeerSimCommandTest {

    @Test
    void installTakesTheThreeJarsOutOfTheReleaseIntoTheRepository(@TempDir Path dir) throws IOException {
        Path zip = release(dir, "peersim-1.0.5/peersim-1.0.5.jar", "peersim-1.0.5/jep-2.3.0.jar",
                "peersim-1.0.5/djep-1.0.0.jar", "peersim-1.0.5/README");
        Path repo = dir.resolve("repo");
        CliRun run = CliRun.run("peersim", "install", zip.toString(), "--repository", repo.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        for (String[] a : new String[][] {{"peersim", "1.0.5"}, {"jep", "2.3.0"}, {"djep", "1.0.0"}}) {
            Path jar = repo.resolve("peersim/" + a[0] + "/" + a[1] + "/" + a[0] + "-" + a[1] + ".jar");
            assertThat(Files.readString(jar)).isEqualTo("content of " + a[0] + "-" + a[1] + ".jar");
            assertThat(Files.readString(jar.resolveSibling(a[0] + "-" + a[1] + ".pom")))
                    .contains("<groupId>peersim</groupId>", "<artifactId>" + a[0] + "</artifactId>",
                            "<version>" + a[1] + "</version>");
        }
        assertThat(run.out()).contains("PeerSim 1.0.5 is installed");
    }

    @Test
    void aZipWithoutTheReleasesJarsInstallsNothingAndSaysWhichAreMissing(@TempDir Path dir) throws IOException {
        Path zip = release(dir, "peersim-1.0.5.jar", "notes.txt");
        Path repo = dir.resolve("repo");
        CliRun run = CliRun.run("peersim", "install", zip.toString(), "--repository", repo.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).contains("has no jep-2.3.0.jar, djep-1.0.0.jar");
    }

    @Test
    void withoutPeerSimTheCommandSaysInOneLineHowToInstallIt(@TempDir Path dir) {
        CliRun run = CliRun.run("peersim", "scenarios/peersim/quickstart.cfg", "--repository",
                dir.resolve("empty").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).contains("PeerSim 1.0.5 is not installed").contains("cangrid peersim install");
    }

    @Test
    void anOverrideThatIsNotKeyEqualsValueIsAUsageError(@TempDir Path dir) {
        CliRun run = CliRun.run("peersim", "scenarios/peersim/quickstart.cfg", "seed2");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("'seed2' is not KEY=VALUE");
    }

    private static Path release(Path dir, String... names) throws IOException {
        Path zip = dir.resolve("peersim-1.0.5.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String name : names) {
                out.putNextEntry(new ZipEntry(name));
                String file = name.substring(name.lastIndexOf('/') + 1);
                out.write(("content of " + file).getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return zip;
    }
}
