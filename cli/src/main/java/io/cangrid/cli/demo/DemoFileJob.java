package io.cangrid.cli.demo;

import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * The demo's job with files: a few numbers written to {@value #INPUT} in the demo's directory travel with
 * the job, which sorts them into {@value #OUTPUT} and prints how many there were; the demo checks what came
 * back. The sleeping jobs show placement and failover; this one shows that a job's files make the round trip.
 */
final class DemoFileJob {

    static final String INPUT = "numbers.txt";
    static final String OUTPUT = "sorted.txt";
    static final int COUNT = 12;

    private final Path input;
    private final List<Integer> numbers;

    private DemoFileJob(Path input, List<Integer> numbers) {
        this.input = input;
        this.numbers = numbers;
    }

    /** Writes {@value #COUNT} numbers of 1 to 999, one a line, to {@value #INPUT} in {@code dir}. */
    static DemoFileJob write(Path dir, SplittableRandom random) throws IOException {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            numbers.add(1 + random.nextInt(999));
        }
        Path input = dir.resolve(INPUT);
        Files.writeString(input, lines(numbers), StandardCharsets.UTF_8);
        return new DemoFileJob(input, List.copyOf(numbers));
    }

    /** {@code numbers} as the job's files hold them: one a line, each line ended. */
    static String lines(List<Integer> numbers) {
        return numbers.stream().map(n -> n + "\n").collect(Collectors.joining());
    }

    /** The job, its input read back from the file as {@code cangrid submit --input} reads one. */
    JobSpec spec() throws IOException {
        InputFile in = new InputFile(INPUT, Files.readAllBytes(input));
        JobCommand cmd = new JobCommand(new String[] {"sh", "-c", "sort -n " + INPUT + " > " + OUTPUT
                + " && wc -l < " + INPUT}, new String[0], new InputFile[] {in}, new String[] {OUTPUT}, 0);
        return JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 0.5, "demo-files").withCommand(cmd);
    }

    /**
     * Submits the job through {@code client}, waits at most {@code limit} for its end and checks its output.
     * A submission or a wait that fails is an outcome too, so that the demo still prints its summary.
     */
    Outcome run(GridClient client, Duration limit) throws InterruptedException {
        try {
            JobStatusReply r = client.await(client.submit(spec()), limit);
            return outcome(r, problem(r, limit));
        } catch (IOException e) {
            return outcome(null, "it could not be submitted or followed: " + e.getMessage());
        }
    }

    Outcome outcome(JobStatusReply r, String problem) {
        int inputBytes = lines(numbers).getBytes(StandardCharsets.UTF_8).length;
        JobOutput out = r == null ? null : r.output();
        InputFile sorted = out == null ? null : out.file(OUTPUT);
        String ranOn = r == null || r.runNode() == null ? "no node known"
                : r.runNode().host() + ":" + r.runNode().port();
        String text = sorted == null ? "" : new String(sorted.content(), StandardCharsets.UTF_8);
        List<String> first = text.lines().limit(3).toList();
        return new Outcome(INPUT, COUNT, inputBytes, OUTPUT, sorted == null ? -1 : sorted.size(), first, ranOn,
                problem);
    }

    /** What is wrong with the job's end, in words for the person running the demo; null when nothing is. */
    String problem(JobStatusReply r, Duration limit) {
        if (r == null) {
            return "it did not end within " + limit.toSeconds() + " s";
        }
        if (r.state() != JobState.COMPLETED) {
            return "it ended " + r.state() + (r.reason() == null ? "" : ": " + r.reason());
        }
        JobOutput out = r.output();
        if (out == null) {
            return "it came back without what its run left (no exit code, no files)";
        }
        if (out.exitCode() != 0) {
            return "sh exited with " + out.exitCode() + ": " + out.stderr().strip();
        }
        InputFile sorted = out.file(OUTPUT);
        if (sorted == null) {
            return OUTPUT + " did not come back" + (out.notes() == null ? "" : " (" + out.notes() + ")");
        }
        String expected = lines(numbers.stream().sorted().toList());
        String got = new String(sorted.content(), StandardCharsets.UTF_8);
        if (!got.equals(expected)) {
            return OUTPUT + " is not " + INPUT + " sorted: expected " + expected.strip().replace('\n', ',')
                    + ", got " + got.strip().replace('\n', ',');
        }
        if (!out.stdout().strip().equals(Integer.toString(COUNT))) {
            return "the job counted '" + out.stdout().strip() + "' lines in " + INPUT + ", not " + COUNT;
        }
        return null;
    }

    /**
     * How the job went, as the demo prints it and puts it in its JSON.
     *
     * @param outputBytes -1 when the output file did not come back
     * @param problem what went wrong; null when the output is right
     */
    record Outcome(String input, int inputLines, int inputBytes, String output, int outputBytes,
            List<String> outputFirstLines, String ranOn, String problem) {

        boolean correct() {
            return problem == null;
        }

        Map<String, Object> facts() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("input", input);
            m.put("inputLines", inputLines);
            m.put("inputBytes", inputBytes);
            m.put("output", output);
            m.put("outputBytes", outputBytes);
            m.put("outputFirstLines", outputFirstLines);
            m.put("ranOn", ranOn);
            m.put("correct", correct());
            m.put("problem", problem);
            return m;
        }

        void print(PrintWriter out) {
            out.printf("job with files: %s (%d lines, %d bytes) in, %s out, ran on %s%n", input, inputLines,
                    inputBytes, outputBytes < 0 ? "no " + output : output + " (" + outputBytes + " bytes)", ranOn);
            if (correct()) {
                out.printf("%s begins %s, ...: %s sorted, as expected%n", output,
                        String.join(", ", outputFirstLines), input);
            } else {
                out.printf("job with files WRONG: %s%n", problem);
            }
            out.flush();
        }
    }
}
