package io.cangrid.cli;

import static io.cangrid.cli.LoopbackJobs.awaitState;
import static io.cangrid.cli.LoopbackJobs.awaitStatus;
import static io.cangrid.cli.LoopbackJobs.runs;
import static io.cangrid.cli.LoopbackJobs.shell;
import static io.cangrid.cli.LoopbackJobs.status;
import static io.cangrid.cli.LoopbackJobs.submitOwnedBy;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.suite.JobGridUnderTest;
import io.cangrid.jobs.suite.JobLifecycleSuite;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.NodeId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job life-cycle suite on live nodes: four nodes in this JVM, each assembled as {@code cangrid node}
 * assembles one, talking authenticated TCP on 127.0.0.1, running shell jobs; a crash stops a node at once
 * without a word to its peers. Every wait is bounded in time, and every node is stopped after each test,
 * pass or fail, with whatever it left running.
 */
class LoopbackJobLifecycleTest extends JobLifecycleSuite {

    @TempDir
    Path dir;

    @Override
    protected JobGridUnderTest newGrid() {
        return new LoopbackJobGrid(dir, System.nanoTime());
    }

    /**
     * The suite's grid on a {@link LoopbackGrid}. Heartbeats every second: a silent node is presumed dead after
     * 3 s, and a client looks a job it has not heard of up after 2 s. A job is a shell that sleeps a second a
     * heartbeat and prints its name. A client is a {@link GridClient} of the node a test names, as a user's
     * is; the node it asks follows the job for it, so a job's end is what the node asked answers.
     *
     * <p>Roles are placed, not hoped for (see {@link LoopbackJobs}): a job's submission key is drawn until its
     * point lies in the chosen owner's zones, and long "blocker" jobs keep the injection node and the owner
     * busy until the job runs, so that matchmaking, which prefers a free node, sends it to a third node;
     * the blockers are cancelled then.
     */
    static final class LoopbackJobGrid implements JobGridUnderTest {

        private static final JobConfig JOBS = JobConfig.withHeartbeat(1_000);
        private static final Duration START_WAIT = Duration.ofSeconds(15);
        private static final Duration END_WAIT = Duration.ofSeconds(40);
        /** How long {@link #settle} watches the jobs: past an owner's presumption of death, and twice a lookup. */
        private static final long SETTLE_MILLIS = 4 * JOBS.heartbeatMillis();
        private static final long SETTLE_POLL_MILLIS = 500;
        /** In every job's command line, so that what the test left running can be found and killed. */
        private static final String MARK = "lifecycle-suite";
        private static final String BLOCKER = "sleep 37; echo blocker # " + MARK;

        private final Path dir;
        private final long seed;
        private final SplittableRandom keys;
        private final JobLog events = new JobLog();
        private final Map<NodeId, Integer> indexOf = new HashMap<>();
        private final Map<JobId, Integer> injections = new LinkedHashMap<>();
        /** The final states each job was seen in, a state recorded when it differs from the last one seen. */
        private final Map<JobId, List<JobState>> seenEnded = new HashMap<>();
        private LoopbackGrid grid;

        LoopbackJobGrid(Path dir, long seed) {
            this.dir = dir;
            this.seed = seed;
            this.keys = new SplittableRandom(seed);
        }

        @Override
        public String describe() {
            return "live nodes on 127.0.0.1, submission keys drawn with seed " + seed;
        }

        @Override
        public void start(int nodes) throws Exception {
            grid = LoopbackGrid.start(nodes, LoopbackGrid.randomSecret(), dir, ExecPolicy.parse("allow:sh"), 200, JOBS,
                    events, 1);
            for (int i = 0; i < nodes; i++) {
                indexOf.put(grid.node(i).self(), i);
            }
        }

        @Override
        public JobSpec job(String name, int heartbeats) {
            return shell(name, "sleep " + heartbeats * JOBS.heartbeatMillis() / 1000 + "; echo " + name + " # " + MARK);
        }

        @Override
        public String expectedOutput(String name) {
            return name + "\n";
        }

        @Override
        public JobId submit(int through, JobSpec spec) throws Exception {
            try (GridClient client = grid.client(through)) {
                JobId id = client.submit(spec);
                injections.put(id, through);
                return id;
            }
        }

        @Override
        public JobId submitPlaced(int through, int owner, JobSpec spec) throws Exception {
            List<JobId> blockers = List.of(occupy(through), occupy(owner));
            JobId id = submitOwnedBy(grid, through, owner, spec, keys, seed);
            injections.put(id, through);
            try (GridClient client = grid.client(through)) {
                awaitState(client, id, JobState.RUNNING, START_WAIT);
                for (JobId blocker : blockers) {
                    client.cancel(blocker);
                }
            }
            return id;
        }

        /** Keeps node {@code i} busy with a long job it owns and runs itself, so matchmaking looks past it. */
        private JobId occupy(int i) throws Exception {
            JobId blocker = submitOwnedBy(grid, i, i, shell("blocker-" + i, BLOCKER), keys, seed);
            try (GridClient client = grid.client(i)) {
                JobStatusReply r = awaitState(client, blocker, JobState.RUNNING, START_WAIT);
                if (index(r.runNode()) != i) {
                    throw new AssertionError("the blocker of node " + i + " runs on node " + index(r.runNode()));
                }
            }
            return blocker;
        }

        private int index(NodeId id) {
            return id == null ? -1 : indexOf.getOrDefault(id, -1);
        }

        /** A running node to ask when a test names none: the job's injection node while it runs. */
        private int anyRunning(int preferred) {
            return IntStream.concat(IntStream.of(preferred), IntStream.range(0, grid.size()))
                    .filter(i -> grid.node(i).isRunning()).findFirst().orElseThrow();
        }

        @Override
        public Roles awaitRunning(JobId job) {
            int injection = injections.get(job);
            try (GridClient client = grid.client(anyRunning(injection))) {
                JobStatusReply r = awaitStatus("job " + job + " running", client, job, START_WAIT,
                        s -> s.state() == JobState.RUNNING && s.owner() != null && s.runNode() != null);
                return new Roles(injection, index(r.owner()), index(r.runNode()));
            }
        }

        @Override
        public void crash(int node) {
            grid.crash(node);
        }

        @Override
        public void restart(int node) throws Exception {
            grid.restart(node, IntStream.range(0, grid.size()).filter(i -> i != node && grid.node(i).isRunning())
                    .findFirst().orElseThrow());
            indexOf.put(grid.node(node).self(), node);
        }

        @Override
        public Cancelled cancel(JobId job, int through) throws Exception {
            try (GridClient client = grid.client(through)) {
                CancelReply reply = client.cancel(job);
                return new Cancelled(reply.cancelled(), reply.state());
            }
        }

        @Override
        public Outcome awaitEnd(JobId job, int through) {
            try (GridClient client = grid.client(through)) {
                JobStatusReply end = awaitStatus("the end of job " + job + " as node " + through + " tells", client,
                        job, END_WAIT, r -> r.state() != null && r.state().isTerminal());
                seen(job, end.state());
                return new Outcome(end.state(), index(end.runNode()),
                        end.output() == null ? null : end.output().stdout());
            }
        }

        private void seen(JobId job, JobState state) {
            List<JobState> states = seenEnded.computeIfAbsent(job, k -> new ArrayList<>());
            if (states.isEmpty() || states.get(states.size() - 1) != state) {
                states.add(state);
            }
        }

        /** Watches every job of the test, through its injection node while that runs, for a while. */
        @Override
        public void settle() throws InterruptedException {
            for (long waited = 0; waited < SETTLE_MILLIS; waited += SETTLE_POLL_MILLIS) {
                Thread.sleep(SETTLE_POLL_MILLIS);
                for (Map.Entry<JobId, Integer> e : injections.entrySet()) {
                    try (GridClient client = grid.client(anyRunning(e.getValue()))) {
                        JobStatusReply r = status(client, e.getKey());
                        if (r != null && r.state() != null && r.state().isTerminal()) {
                            seen(e.getKey(), r.state());
                        }
                    }
                }
            }
        }

        @Override
        public List<JobState> endings(JobId job) {
            return List.copyOf(seenEnded.getOrDefault(job, List.of()));
        }

        @Override
        public List<Integer> starts(JobId job) {
            return events.nodes(JobLog.Kind.STARTED, job).stream().map(this::index).toList();
        }

        @Override
        public List<Integer> attempts(JobId job) {
            return events.attempts(job);
        }

        @Override
        public boolean isRunning(JobId job) {
            return IntStream.range(0, grid.size()).anyMatch(i -> runs(grid, i, job));
        }

        @Override
        public Optional<String> messageLossUnsupported() {
            return Optional.of("live nodes talk TCP on 127.0.0.1, which delivers every message, and the live runtime "
                    + "has no way to drop one on purpose");
        }

        @Override
        public void loseMessages(double probability) {
            throw new UnsupportedOperationException(messageLossUnsupported().orElseThrow());
        }

        @Override
        public long messagesLost() {
            return 0;
        }

        @Override
        public void close() {
            try {
                if (grid != null) {
                    grid.close();
                }
            } finally {
                // A crashed node's runs are left going, as a killed node's are: no process outlives the test.
                LoopbackJobs.killLeftovers(List.of(MARK));
            }
        }
    }
}
