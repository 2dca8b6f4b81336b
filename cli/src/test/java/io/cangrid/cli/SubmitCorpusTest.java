package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs {@code submit -f FILE --dry-run} over every submit file of the corpus (files written after the forms
 * of HTCondor's manual) and compares its lines with the file's {@code .expected.jsonl}: the jobs the manual
 * says the file queues. Where cangrid differs from HTCondor on purpose, a {@code .note} beside the file
 * says why.
 */
class SubmitCorpusTest {

    private static Path corpus() {
        try {
            return Path.of(SubmitCorpusTest.class.getResource("/submit-corpus").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the corpus is not on the class path as a directory", e);
        }
    }

    static Stream<String> submitFiles() throws IOException {
        try (Stream<Path> files = Files.list(corpus())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sub")).sorted().toList()
                    .stream();
        }
    }

    private static Path expected(String submitFile) {
        return corpus().resolve(submitFile.substring(0, submitFile.length() - ".sub".length()) + ".expected.jsonl");
    }

    @Test
    void theCorpusHasThirtyFilesOrMoreEachWithTheJobsItShouldQueue() throws IOException {
        List<String> files = submitFiles().toList();
        assertThat(files).hasSizeGreaterThanOrEqualTo(30);
        for (String file : files) {
            assertThat(expected(file)).as(file).isRegularFile();
            assertThat(Files.readAllLines(expected(file))).as(file).isNotEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("submitFiles")
    void dryRunPrintsTheJobsTheFileQueues(String submitFile) throws IOException {
        CliRun run = CliRun.run("submit", "-f", corpus().resolve(submitFile).toString(), "--dry-run");

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().lines().toList())
                .containsExactlyElementsOf(Files.readAllLines(expected(submitFile), StandardCharsets.UTF_8));
    }
}
