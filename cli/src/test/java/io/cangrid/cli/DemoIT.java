package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cangrid demo} as a newcomer runs it: it says how node start-up goes, node by node, runs every job,
 * shows a job's input file going out and its output file coming back sorted, and leaves no temporary
 * directory (with the grid's secret in it) behind.
 */
class DemoIT {

    private static final Path JAR = Path.of("target", "cangrid.jar");
    private static final Pattern DIR = Pattern.compile("starting (\\d+) nodes in (\\S+) \\(removed at the end\\)");
    private static final Pattern FILES = Pattern.compile("job with files: numbers\\.txt \\(12 lines, (\\d+) bytes\\)"
            + " in, sorted\\.txt \\((\\d+) bytes\\) out, ran on 127\\.0\\.0\\.1:\\d+\\n"
            + "sorted\\.txt begins (\\d+), (\\d+), (\\d+), \\.\\.\\.: numbers\\.txt sorted, as expected\\n");

    @TempDir
    Path tmp;

    @Test
    void theDemoShowsItsNodesStartingAJobWithFilesAndCleansUp() throws Exception {
        Run run = demo("--nodes", "3", "--jobs", "6");
        assertThat(run.exit).as(run.err).isZero();
        assertThat(run.err).contains("node 1/3 up at 127.0.0.1:").contains("node 3/3 up at 127.0.0.1:")
                .contains("a job with files: numbers.txt in, sorted.txt out");
        assertThat(run.out).contains("6 jobs on 3 nodes").contains(": 6 completed, 0 failed, 0 unfinished");
        Matcher m = FILES.matcher(run.out);
        assertThat(m.find()).as("the job with files in:%n%s%n%s", run.out, run.err).isTrue();
        assertThat(m.group(2)).as("sorted.txt holds numbers.txt's bytes, reordered").isEqualTo(m.group(1));
        assertThat(List.of(m.group(3), m.group(4), m.group(5))).extracting(Integer::parseInt).isSorted();
        assertThat(run.err).doesNotContain("went wrong");
        assertThat(run.dir()).as("the demo's directory after it ended").doesNotExist();
    }

    @Test
    void theJsonSummaryHasTheJobWithFiles() throws Exception {
        Run run = demo("--nodes", "2", "--jobs", "2", "--json");
        assertThat(run.exit).as(run.err).isZero();
        JsonNode s = new ObjectMapper().readTree(run.out);
        assertThat(s.path("completed").asInt()).as(run.out).isEqualTo(2);
        JsonNode f = s.path("fileJob");
        assertThat(f.path("correct").asBoolean()).as(run.out).isTrue();
        assertThat(f.path("problem").isNull()).isTrue();
        assertThat(f.path("input").asText()).isEqualTo("numbers.txt");
        assertThat(f.path("inputLines").asInt()).isEqualTo(12);
        assertThat(f.path("output").asText()).isEqualTo("sorted.txt");
        assertThat(f.path("outputBytes").asInt()).isEqualTo(f.path("inputBytes").asInt()).isPositive();
        List<Integer> first = new ArrayList<>();
        f.path("outputFirstLines").forEach(n -> first.add(Integer.parseInt(n.asText())));
        assertThat(first).hasSize(3).isSorted();
        assertThat(f.path("ranOn").asText()).startsWith("127.0.0.1:");
        assertThat(run.dir()).doesNotExist();
    }

    private Run demo(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toAbsolutePath().toString(), "demo"));
        cmd.addAll(Arrays.asList(args));
        // stdout to a file: reading stderr to its end while stdout filled a pipe unread would hang the demo
        Path out = tmp.resolve("demo-" + String.join("", args).hashCode() + ".out");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).start();
        try {
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(180, TimeUnit.SECONDS)).as(err).isTrue();
            return new Run(p.exitValue(), Files.readString(out), err);
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private record Run(int exit, String out, String err) {

        Path dir() {
            Matcher m = DIR.matcher(err);
            assertThat(m.find()).as(err).isTrue();
            return Path.of(m.group(2));
        }
    }
}
