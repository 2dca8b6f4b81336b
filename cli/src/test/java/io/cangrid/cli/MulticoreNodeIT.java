package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.demo.LocalGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.NetConfig;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One {@code cangrid node --cores 4 --memory 4GiB} process from the packaged jar on 127.0.0.1 runs jobs side
 * by side as they fit in its cores and memory. Everything is checked from the node's own record of its runs
 * (its log's start and end lines): four 1-core jobs run at once; a 3-core job queued behind four running
 * ones starts once those have ended, before any 1-core job that arrived after it; a job asking more memory
 * than is free waits for it; and at no moment do the running jobs hold more than the node lends.
 */
class MulticoreNodeIT extends LocalGridProcesses {

    private static final int CORES = 4;
    private static final long MEMORY_MIB = 4096;
    private static final Pattern STARTED = Pattern.compile(
            "^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .* job (\\S+) started \\(.*\\) on (\\d+) core\\(s\\), (\\d+) MiB reserved");
    private static final Pattern ENDED = Pattern.compile("^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .* job (\\S+) run ended here");
    private static final Pattern QUEUED = Pattern.compile("^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .* job (\\S+) queued here");

    /** A run as the node recorded it: times in ms of the day. */
    private record Run(long queued, long start, long end, int cores, long memory) {
    }

    @Test
    void jobsShareTheNodesCoresAndMemory() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        grid = new LocalGrid(dir, JAR, List.of("--cores", String.valueOf(CORES), "--force", "--memory",
                MEMORY_MIB + "MiB", "--exec", "allow:sleep", "--set", "grid.heartbeat-period=1s"));
        grid.start(1);
        String[] hostPort = grid.address(0).split(":");
        NetConfig net = NetConfig.of(NetConfig.DEFAULT_GRID, SecretFile.load(grid.secret(), false));
        try (GridClient client = new GridClient(net, hostPort[0], Integer.parseInt(hostPort[1]))) {
            // Four 1-core jobs at once.
            List<JobId> four = new ArrayList<>();
            for (int i = 0; i < CORES; i++) {
                four.add(client.submit(sleep(3, 1, 0)));
            }
            awaitCompleted(client, four);

            // Four 1-core jobs fill the cores; a 3-core job queues behind them; 1-core jobs keep arriving.
            List<JobId> fill = new ArrayList<>();
            for (int i = 0; i < CORES; i++) {
                fill.add(client.submit(sleep(3, 1, 0)));
            }
            JobId wide = client.submit(sleep(1, 3, 0));
            List<JobId> stream = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                Thread.sleep(500);
                stream.add(client.submit(sleep(2, 1, 0)));
            }
            List<JobId> all = new ArrayList<>(fill);
            all.add(wide);
            all.addAll(stream);
            awaitCompleted(client, all);

            // Memory: 3 GiB reserved by the first leaves too little for the second, though cores are free.
            JobId big = client.submit(sleep(3, 1, 3072));
            JobId second = client.submit(sleep(1, 1, 2048));
            awaitCompleted(client, List.of(big, second));

            Map<String, Run> runs = runs(grid.log(0));
            List<Run> firstFour = four.stream().map(id -> runOf(runs, id)).toList();
            long firstStart = firstFour.stream().mapToLong(Run::start).min().orElseThrow();
            long lastStart = firstFour.stream().mapToLong(Run::start).max().orElseThrow();
            long firstEnd = firstFour.stream().mapToLong(Run::end).min().orElseThrow();
            long lastEnd = firstFour.stream().mapToLong(Run::end).max().orElseThrow();
            assertThat(lastStart).as("the four 1-core runs overlap: %s", firstFour).isLessThan(firstEnd);
            assertThat(lastEnd - firstStart).as("all four end within 5 s of the first start: %s", firstFour)
                    .isLessThanOrEqualTo(5_000);

            Run wideRun = runOf(runs, wide);
            long fillEnd = fill.stream().mapToLong(id -> runOf(runs, id).end()).max().orElseThrow();
            // The bound: a wide job starts once the jobs running when it reached the head of the queue ended.
            assertThat(wideRun.start()).as("the 3-core job starts once the four ahead of it ended (at %s): %s",
                    fillEnd, wideRun).isLessThanOrEqualTo(fillEnd + 500);
            for (JobId id : stream) {
                assertThat(runOf(runs, id).start()).as("1-core job %s, arriving after the 3-core one", id)
                        .isGreaterThanOrEqualTo(wideRun.start());
            }

            Run bigRun = runOf(runs, big);
            Run secondRun = runOf(runs, second);
            assertThat(secondRun.start()).as("waits for memory: %s then %s", bigRun, secondRun)
                    .isGreaterThanOrEqualTo(bigRun.end());

            assertNeverOverCapacity(runs.values());
            System.out.printf("MulticoreNodeIT: four 1-core runs overlap by %d ms, end %d ms after the first start;"
                    + " the 3-core job waited %d ms, %d ms after the jobs ahead of it ended; the memory-bound job"
                    + " started %d ms after the one holding the memory ended%n", firstEnd - lastStart,
                    lastEnd - firstStart, wideRun.start() - wideRun.queued(), wideRun.start() - fillEnd,
                    secondRun.start() - bigRun.end());
        }
    }

    private static JobSpec sleep(int seconds, int cores, long memoryMiB) {
        ResourceSchema schema = ResourceSchema.desktopSchema();
        return JobSpec.requiring(schema, Map.of("memory", memoryMiB), 1, null)
                .withCommand(JobCommand.of("sleep", String.valueOf(seconds))).withCores(schema, cores);
    }

    private static void awaitCompleted(GridClient client, List<JobId> ids) throws Exception {
        for (JobId id : ids) {
            JobStatusReply r = client.await(id, Duration.ofSeconds(60));
            assertThat(r.state()).as("job %s: %s", id, r.reason()).isEqualTo(JobState.COMPLETED);
        }
    }

    private static Run runOf(Map<String, Run> runs, JobId id) {
        Run run = runs.get(id.toString());
        assertThat(run).as("the node's record of job %s", id).isNotNull();
        return run;
    }

    /** Every run the node recorded: queued, started (with what it holds) and ended, from its log. */
    private static Map<String, Run> runs(String log) {
        Map<String, Long> queued = new HashMap<>();
        Map<String, long[]> started = new HashMap<>();
        Map<String, Long> ended = new HashMap<>();
        for (String line : log.split("\\R")) {
            Matcher m;
            if ((m = QUEUED.matcher(line)).find()) {
                queued.put(m.group(2), millis(m.group(1)));
            } else if ((m = STARTED.matcher(line)).find()) {
                started.put(m.group(2), new long[] {millis(m.group(1)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4))});
            } else if ((m = ENDED.matcher(line)).find()) {
                ended.put(m.group(2), millis(m.group(1)));
            }
        }
        Map<String, Run> runs = new HashMap<>();
        started.forEach((id, s) -> {
            Long end = ended.get(id);
            if (end != null) {
                runs.put(id, new Run(queued.getOrDefault(id, s[0]), s[0], end, (int) s[1], s[2]));
            }
        });
        return runs;
    }

    private static long millis(String time) {
        return LocalTime.parse(time).toNanoOfDay() / 1_000_000;
    }

    /** At every start, the runs going on then (started, not yet ended) hold at most the node's cores and memory. */
    private static void assertNeverOverCapacity(java.util.Collection<Run> runs) {
        List<Run> byStart = new ArrayList<>(runs);
        byStart.sort(Comparator.comparingLong(Run::start));
        for (Run at : byStart) {
            int cores = 0;
            long memory = 0;
            for (Run r : byStart) {
                // A run that ended in the same millisecond as another started had given its cores back first.
                if (r.start() <= at.start() && r.end() > at.start()) {
                    cores += r.cores();
                    memory += r.memory();
                }
            }
            assertThat(cores).as("cores held when a run started at %s: %s", at.start(), byStart)
                    .isLessThanOrEqualTo(CORES);
            assertThat(memory).as("memory held when a run started at %s", at.start()).isLessThanOrEqualTo(MEMORY_MIB);
        }
    }
}
