package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code cangrid demo} as a newcomer runs it: it says how node start-up goes, node by node, runs every job,
 * and leaves no temporary directory (with the grid's secret in it) behind.
 */
class DemoIT {

    private static final Path JAR = Path.of("target", "cangrid.jar");
    private static final Pattern DIR = Pattern.compile("starting 3 nodes in (\\S+) \\(removed at the end\\)");

    @Test
    void theDemoShowsItsNodesStartingAndCleansUp() throws Exception {
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toAbsolutePath().toString(), "demo", "--nodes", "3", "--jobs", "6"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(err).isZero();
            assertThat(err).contains("node 1/3 up at 127.0.0.1:").contains("node 3/3 up at 127.0.0.1:");
            Matcher m = DIR.matcher(err);
            assertThat(m.find()).as(err).isTrue();
            assertThat(Path.of(m.group(1))).as("the demo's directory after it ended").doesNotExist();
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
