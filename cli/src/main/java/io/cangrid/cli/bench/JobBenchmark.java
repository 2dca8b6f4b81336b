package io.cangrid.cli.bench;

import com.sun.management.OperatingSystemMXBean;
import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.live.NetStats;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Matchmaking on an idle live grid: nodes on 127.0.0.1 in this JVM, each assembled as {@code cangrid node}
 * assembles one, take trivial jobs at random peers from several submitters at once; every node's job
 * events give the moment each job was matched (taken into a run node's queue) and started. Measured: the
 * time from the submitter's call to the job's start, and the jobs matched per second grid-wide from the
 * first submission to the last match. The jobs carry no command, so a run node only lets their work pass:
 * the measure is of submission, routing and matching, not of starting processes. Driver code.
 */
public final class JobBenchmark {

    private static final Logger log = LoggerFactory.getLogger(JobBenchmark.class);

    /** How jobs reach the grid. */
    public enum Via {
        /** Through {@link GridClient}, one per node, each keeping one authenticated session with its node. */
        CLIENT,
        /** Handed to a node's job agent on its thread, as its gateway does with a client's job. */
        INJECT
    }

    /**
     * @param rate jobs offered per second, evenly spaced; 0 for as fast as the submitters go (which
     *     measures the most the grid matches, with latency that of a saturated grid)
     */
    public record Settings(int nodes, int jobs, int warmupJobs, int submitters, double rate, double workSeconds,
            long updatePeriodMillis, Via via) {
    }

    /**
     * @param p50Millis from the submitter's call to the job's start, median; at a fixed rate from the moment
     *     the job was due to be submitted, so that a submitter falling behind does not hide the delay
     * @param gridP50Millis from the node taking the job to its start (what the grid itself adds)
     * @param matchedPerSecondAtRate jobs matched (taken into a run queue) per second while offered at the
     *     rate, from the first submission to the last match
     * @param jobsMatchedPerSecond jobs matched per second in a second run of as many jobs submitted as fast as
     *     the submitters go: the most this grid matched (with these submitters), and at what latency
     * @param submittedPerSecond measured jobs submitted per second by all submitters together
     * @param submitP50Millis how long one submission call took (with the client: connection, handshake, and
     *     the node's answer once the job's owner holds it)
     * @param matchP50Millis at the rate, from the node taking the job to a run node queuing it (routing and
     *     matching)
     * @param runQueueP50Millis at the rate, from a run node queuing the job to its start (waiting in the run
     *     queue)
     * @param cpuCoresUsed this JVM's CPU time over the measured wall time: below the machine's cores when
     *     other processes take the rest, which then shows in every latency
     * @param idleBytesPerSecondPerNode before any job, over {@link #IDLE_PERIODS} update periods of the
     *     settled grid: bytes each job node wrote to its sockets (frames with their prefixes and MACs) per
     *     second, its idle bandwidth at this update period
     * @param idleMessagesPerSecondPerNode messages each job node sent meanwhile, per second
     */
    public record Result(int nodes, int jobs, int warmupJobs, int submitters, double offeredPerSecond, String via,
            String execution, int started, double p50Millis, double p95Millis, double p99Millis, double maxMillis,
            double gridP50Millis, double gridP99Millis, double submitP50Millis, double submitP99Millis,
            double matchedPerSecondAtRate, double cpuCoresUsed, double jobsMatchedPerSecond,
            double submittedPerSecond, double saturatedP50Millis, double saturatedP99Millis, int startedSaturated,
            long updatePeriodMillis, int rematched, double matchP50Millis, double matchP99Millis,
            double runQueueP50Millis, double runQueueP99Millis, double idleBytesPerSecondPerNode,
            double idleMessagesPerSecondPerNode) {
    }

    private static final long SETTLE_PERIODS = 3;
    /** Update periods the settled grid is watched, before any job, for what job nodes send while idle. */
    static final long IDLE_PERIODS = 10;
    private static final long START_WAIT_MILLIS = Long.getLong("cangrid.bench.startWaitMillis", 60_000);

    /** What the nodes' events tell, from all node threads at once. */
    private static final class Clock implements JobEvents {
        final Map<String, Long> calledAt = new ConcurrentHashMap<>();
        final Map<String, JobId> ids = new ConcurrentHashMap<>();
        final Map<JobId, Long> takenAt = new ConcurrentHashMap<>();
        final Map<String, Long> startedAfterCall = new ConcurrentHashMap<>();
        final Map<String, Long> startedAfterTaken = new ConcurrentHashMap<>();
        final Map<String, Long> submitCall = new ConcurrentHashMap<>();
        final Set<JobId> matched = ConcurrentHashMap.newKeySet();
        final Map<String, Long> matchedAt = new ConcurrentHashMap<>();
        final Map<String, Long> matchedAfterTaken = new ConcurrentHashMap<>();
        final Map<String, Long> startedAfterMatched = new ConcurrentHashMap<>();
        /** The run nodes that queued each job, in order: for the warning about jobs that never started. */
        final Map<JobId, List<String>> queuedOn = new ConcurrentHashMap<>();
        final AtomicInteger rematched = new AtomicInteger();
        /** Jobs started, by name prefix: counted as they start, so that waiting for them costs no scan. */
        final Map<String, AtomicInteger> startedByPrefix = new ConcurrentHashMap<>();

        @Override
        public void submitted(JobProfile job, long at) {
            takenAt.putIfAbsent(job.id(), System.nanoTime());
            ids.putIfAbsent(job.spec().name(), job.id());
        }

        @Override
        public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
            queuedOn.computeIfAbsent(job.id(), k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                    .add(runNode.shortName() + " behind " + queueAhead);
            if (matched.add(job.id())) {
                long now = System.nanoTime();
                matchedAt.putIfAbsent(job.spec().name(), now);
                Long taken = takenAt.get(job.id());
                if (taken != null) {
                    matchedAfterTaken.putIfAbsent(job.spec().name(), now - taken);
                }
            }
        }

        @Override
        public void started(JobProfile job, NodeId runNode, long at) {
            long now = System.nanoTime();
            String name = job.spec().name();
            Long called = calledAt.get(name);
            Long taken = takenAt.get(job.id());
            if (called != null && startedAfterCall.putIfAbsent(name, now - called) == null) {
                startedByPrefix.computeIfAbsent(prefixOf(name), k -> new AtomicInteger()).incrementAndGet();
            }
            if (taken != null) {
                startedAfterTaken.putIfAbsent(name, now - taken);
            }
            Long matchedNanos = matchedAt.get(name);
            if (matchedNanos != null) {
                startedAfterMatched.putIfAbsent(name, now - matchedNanos);
            }
        }

        @Override
        public void rematched(JobProfile job, NodeId owner, long at) {
            rematched.incrementAndGet();
        }
    }

    private JobBenchmark() {
    }

    /** A job's name without its number: the phase it belongs to. */
    private static String prefixOf(String name) {
        int i = name.length();
        while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
            i--;
        }
        return name.substring(0, i);
    }

    public static Result run(Settings s) throws InterruptedException {
        Path dir;
        try {
            dir = Files.createTempDirectory("cangrid-bench-jobs");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a work directory for the bench", e);
        }
        Clock clock = new Clock();
        // Heartbeats as a node's default: the idle grid's own traffic stays what it is in use.
        JobConfig jobs = JobConfig.defaults();
        try (LoopbackGrid grid = LoopbackGrid.start(s.nodes(), LoopbackGrid.randomSecret(), dir, ExecPolicy.none(),
                s.updatePeriodMillis(), jobs, clock, 2)) {
            Thread.sleep(SETTLE_PERIODS * s.updatePeriodMillis());
            Idle idle = idle(grid, s.updatePeriodMillis());
            // One pool for every phase: a new submitting thread pays for its first encoder, which a measured
            // phase would count as delay.
            ExecutorService pool = Executors.newFixedThreadPool(s.submitters());
            List<GridClient> clients = new ArrayList<>();
            for (int i = 0; i < grid.size(); i++) {
                clients.add(grid.client(i));
            }
            try {
                submit(grid, clients, pool, s, s.rate(), "w", s.warmupJobs(), clock);
                awaitStarted(clock, "w", s.warmupJobs());
                Phase atRate = phase(grid, clients, pool, s, s.rate(), "m", clock);
                Phase fast = phase(grid, clients, pool, s, 0, "t", clock);
                return new Result(s.nodes(), s.jobs(), s.warmupJobs(), s.submitters(), s.rate(),
                        s.via().name().toLowerCase(), "work-only (no process is started)", atRate.started,
                        millis(atRate.latency, 50), millis(atRate.latency, 95), millis(atRate.latency, 99),
                        atRate.latency.getMaxValue() / 1000.0, millis(atRate.fromTaken, 50),
                        millis(atRate.fromTaken, 99), millis(atRate.submitCall, 50), millis(atRate.submitCall, 99),
                        atRate.matchedPerSecond, atRate.cores, fast.matchedPerSecond, fast.submittedPerSecond,
                        millis(fast.latency, 50), millis(fast.latency, 99), fast.started, s.updatePeriodMillis(),
                        clock.rematched.get(), millis(atRate.toMatch, 50), millis(atRate.toMatch, 99),
                        millis(atRate.inRunQueue, 50), millis(atRate.inRunQueue, 99), idle.bytesPerSecondPerNode(),
                        idle.messagesPerSecondPerNode());
            } finally {
                pool.shutdownNow();
                pool.awaitTermination(10, TimeUnit.SECONDS);
                clients.forEach(GridClient::close);
            }
        } finally {
            delete(dir);
        }
    }

    /** What the job nodes wrote to their sockets while no job was in the grid, per second and node. */
    private record Idle(double bytesPerSecondPerNode, double messagesPerSecondPerNode) {
    }

    /**
     * Watches the idle grid for {@link #IDLE_PERIODS} update periods: a job node's own upkeep (neighbour state
     * with its load aggregates, proof of life), which is what a machine lent to the grid sends while unused.
     */
    private static Idle idle(LoopbackGrid grid, long periodMillis) throws InterruptedException {
        long[] before = written(grid);
        long t0 = System.nanoTime();
        Thread.sleep(IDLE_PERIODS * periodMillis);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long[] after = written(grid);
        int n = grid.size();
        return new Idle((after[0] - before[0]) / seconds / n, (after[1] - before[1]) / seconds / n);
    }

    /** Bytes written and messages sent so far, summed over the grid's nodes. */
    private static long[] written(LoopbackGrid grid) {
        long[] sum = new long[2];
        for (int i = 0; i < grid.size(); i++) {
            NetStats stats = grid.node(i).stats();
            sum[0] += stats.bytesWritten();
            sum[1] += stats.sent();
        }
        return sum;
    }

    private record Phase(int started, Histogram latency, Histogram fromTaken, Histogram toMatch,
            Histogram inRunQueue, Histogram submitCall,
            double matchedPerSecond, double submittedPerSecond, double cores) {
    }

    /** Submits the jobs named {@code prefix0...}, at {@code rate} (0: as fast as possible), and measures. */
    private static Phase phase(LoopbackGrid grid, List<GridClient> clients, ExecutorService pool, Settings s,
            double rate, String prefix, Clock clock) throws InterruptedException {
        long t0 = System.nanoTime();
        long cpu0 = processCpuNanos();
        submit(grid, clients, pool, s, rate, prefix, s.jobs(), clock);
        double submitSeconds = (System.nanoTime() - t0) / 1e9;
        int started = awaitStarted(clock, prefix, s.jobs());
        double wall = (System.nanoTime() - t0) / 1e9;
        double cores = (processCpuNanos() - cpu0) / 1e9 / wall;
        int matched = 0;
        long lastMatch = t0;
        for (var e : clock.matchedAt.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                matched++;
                lastMatch = Math.max(lastMatch, e.getValue());
            }
        }
        return new Phase(started, histogram(clock.startedAfterCall, prefix),
                histogram(clock.startedAfterTaken, prefix),
                histogram(clock.matchedAfterTaken, prefix), histogram(clock.startedAfterMatched, prefix),
                histogram(clock.submitCall, prefix), matched / ((lastMatch - t0) / 1e9), s.jobs() / submitSeconds,
                cores);
    }

    private static void submit(LoopbackGrid grid, List<GridClient> clients, ExecutorService pool, Settings s,
            double rate, String prefix, int count, Clock clock) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        double gapNanos = rate > 0 ? 1e9 / rate : 0;
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < s.submitters(); t++) {
                long seed = 31L * t + prefix.hashCode();
                done.add(pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        String name = prefix + i;
                        JobSpec spec = JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), s.workSeconds(),
                                name);
                        int peer = random.nextInt(grid.size());
                        long due = start + (long) (i * gapNanos);
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            TimeUnit.NANOSECONDS.sleep(wait);
                        }
                        clock.calledAt.put(name, gapNanos > 0 ? due : System.nanoTime());
                        long called = System.nanoTime();
                        submitOne(grid, clients.get(peer), peer, spec, random.nextLong(), s.via());
                        clock.submitCall.put(name, System.nanoTime() - called);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a submission failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static void submitOne(LoopbackGrid grid, GridClient client, int peer, JobSpec spec, long key, Via via)
            throws IOException {
        if (via == Via.CLIENT) {
            client.submit(spec);
        } else {
            grid.node(peer).inspect(p -> ((JobGateway) p).node().agent().inject(spec, key)).join();
        }
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    private static int awaitStarted(Clock clock, String prefix, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_WAIT_MILLIS);
        int started = 0;
        while (System.nanoTime() < deadline) {
            AtomicInteger counted = clock.startedByPrefix.get(prefix);
            started = counted == null ? 0 : counted.get();
            if (started >= count) {
                break;
            }
            Thread.sleep(20);
        }
        if (started < count) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < count && missing.size() < 10; i++) {
                if (!clock.startedAfterCall.containsKey(prefix + i)) {
                    JobId id = clock.ids.get(prefix + i);
                    missing.add(prefix + i + "=" + id + (id != null && clock.matched.contains(id)
                            ? " (queued on " + clock.queuedOn.get(id) + ")" : " (never matched)"));
                }
            }
            log.warn("{} of {} jobs started within {} ms; not started (first 10): {}", started, count,
                    START_WAIT_MILLIS, missing);
        }
        return started;
    }

    private static Histogram histogram(Map<String, Long> nanos, String prefix) {
        Histogram h = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);
        nanos.forEach((name, n) -> {
            if (name.startsWith(prefix)) {
                h.recordValue(Math.max(0, Math.min(n / 1000, h.getHighestTrackableValue())));
            }
        });
        return h;
    }

    private static double millis(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1000.0;
    }

    /** Removes a bench's work directory, saying so when it cannot. */
    static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            log.warn("could not remove the bench's work directory {}: {}", dir, e.toString());
        }
    }
}
