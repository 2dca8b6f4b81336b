package io.cangrid.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.NodeId;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's job with files without a grid: its command run here by sh as a node would, and every way its
 * end can be wrong caught with a message that says which.
 */
class DemoFileJobTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final NodeId RUN_NODE = new NodeId(7, "127.0.0.1", 4242);

    @TempDir
    Path dir;

    @Test
    void theInputIsWrittenToTheDemosDirectoryAndTravelsWithTheJob() throws Exception {
        DemoFileJob job = DemoFileJob.write(dir, new SplittableRandom(1));
        List<String> lines = Files.readAllLines(dir.resolve(DemoFileJob.INPUT));
        assertThat(lines).hasSize(DemoFileJob.COUNT).allMatch(l -> l.matches("[1-9][0-9]{0,2}"));
        JobCommand cmd = job.spec().command();
        assertThat(cmd.executable()).isEqualTo("sh"); // the demo's nodes run sh and nothing else
        assertThat(cmd.inputs()).extracting(InputFile::name).containsExactly(DemoFileJob.INPUT);
        assertThat(cmd.inputs()[0].content()).isEqualTo(Files.readAllBytes(dir.resolve(DemoFileJob.INPUT)));
        assertThat(cmd.outputs()).containsExactly(DemoFileJob.OUTPUT);
    }

    @Test
    void theCommandRunByShSortsTheNumbersAndTheOutcomeSaysSo() throws Exception {
        DemoFileJob job = DemoFileJob.write(dir, new SplittableRandom(3));
        JobStatusReply r = ended(JobState.COMPLETED, runHere(job.spec().command()));
        DemoFileJob.Outcome o = job.outcome(r, job.problem(r, LIMIT));
        assertThat(o.problem()).isNull();
        assertThat(o.correct()).isTrue();
        assertThat(o.outputBytes()).isEqualTo(o.inputBytes());
        List<Integer> first = o.outputFirstLines().stream().map(Integer::parseInt).toList();
        assertThat(first).hasSize(3).isSorted();
        assertThat(o.facts()).containsEntry("output", "sorted.txt").containsEntry("correct", true)
                .containsEntry("ranOn", "127.0.0.1:4242");
        StringWriter text = new StringWriter();
        o.print(new PrintWriter(text));
        assertThat(text.toString()).contains("job with files: numbers.txt (12 lines, " + o.inputBytes()
                + " bytes) in, sorted.txt (" + o.inputBytes() + " bytes) out, ran on 127.0.0.1:4242")
                .contains("sorted.txt begins " + String.join(", ", o.outputFirstLines()))
                .contains("as expected");
    }

    @Test
    void aMissingOutputFileIsWrong() throws Exception {
        DemoFileJob job = DemoFileJob.write(dir, new SplittableRandom(1));
        JobOutput out = new JobOutput(0, "12\n", "", new InputFile[0], "sorted.txt: not written");
        String problem = job.problem(ended(JobState.COMPLETED, out), LIMIT);
        assertThat(problem).isEqualTo("sorted.txt did not come back (sorted.txt: not written)");
        DemoFileJob.Outcome o = job.outcome(ended(JobState.COMPLETED, out), problem);
        assertThat(o.correct()).isFalse();
        assertThat(o.outputBytes()).isEqualTo(-1);
        StringWriter text = new StringWriter();
        o.print(new PrintWriter(text));
        assertThat(text.toString()).contains("no sorted.txt out").contains("job with files WRONG: sorted.txt did not");
    }

    @Test
    void anUnsortedOrShortOutputFileIsWrong() throws Exception {
        DemoFileJob job = DemoFileJob.write(dir, new SplittableRandom(1));
        byte[] unsorted = Files.readAllBytes(dir.resolve(DemoFileJob.INPUT));
        assertThat(job.problem(ended(JobState.COMPLETED, withSorted(unsorted)), LIMIT))
                .startsWith("sorted.txt is not numbers.txt sorted: expected ");
        assertThat(job.problem(ended(JobState.COMPLETED, withSorted("1\n".getBytes(StandardCharsets.UTF_8))), LIMIT))
                .startsWith("sorted.txt is not numbers.txt sorted");
    }

    @Test
    void aFailedLateOrMiscountingJobIsWrong() throws Exception {
        DemoFileJob job = DemoFileJob.write(dir, new SplittableRandom(1));
        assertThat(job.problem(null, LIMIT)).isEqualTo("it did not end within 30 s");
        assertThat(job.problem(new JobStatusReply(1, null, JobState.FAILED, null, RUN_NODE, "sh not allowed"),
                LIMIT)).isEqualTo("it ended FAILED: sh not allowed");
        assertThat(job.problem(ended(JobState.COMPLETED, new JobOutput(2, "", "sort: no such file\n",
                new InputFile[0], null)), LIMIT)).isEqualTo("sh exited with 2: sort: no such file");
        JobOutput right = runHere(job.spec().command());
        JobOutput miscounted = new JobOutput(0, "11\n", "", right.files(), null);
        assertThat(job.problem(ended(JobState.COMPLETED, miscounted), LIMIT))
                .isEqualTo("the job counted '11' lines in numbers.txt, not 12");
    }

    private static JobStatusReply ended(JobState state, JobOutput out) {
        return new JobStatusReply(1, null, state, null, RUN_NODE, null, out, 10);
    }

    private static JobOutput withSorted(byte[] content) {
        return new JobOutput(0, "12\n", "", new InputFile[] {new InputFile(DemoFileJob.OUTPUT, content)}, null);
    }

    /** Runs {@code cmd} as a node would: its inputs in a fresh working directory, its outputs read back. */
    private JobOutput runHere(JobCommand cmd) throws Exception {
        Path work = Files.createDirectory(dir.resolve("job"));
        for (InputFile f : cmd.inputs()) {
            Files.write(work.resolve(f.name()), f.content());
        }
        Process p = new ProcessBuilder(cmd.argv()).directory(work.toFile()).redirectErrorStream(true).start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        InputFile sorted = new InputFile(DemoFileJob.OUTPUT, Files.readAllBytes(work.resolve(DemoFileJob.OUTPUT)));
        return new JobOutput(p.exitValue(), stdout, "", new InputFile[] {sorted}, null);
    }
}
