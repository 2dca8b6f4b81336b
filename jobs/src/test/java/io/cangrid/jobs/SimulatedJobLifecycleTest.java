package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.suite.JobGridUnderTest;
import io.cangrid.jobs.suite.JobLifecycleSuite;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.LatencyModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The job life-cycle suite on the deterministic simulation: a {@link JobGrid} whose nodes place jobs by a
 * {@link FixedPlacement}, messages with exponential latency (50 ms mean), one seed for everything. The seed
 * is {@value #DEFAULT_SEED} unless {@code -Dcangrid.jobs.seed} says otherwise; a failure names it.
 */
class SimulatedJobLifecycleTest extends JobLifecycleSuite {

    static final long DEFAULT_SEED = 20;

    @Override
    protected JobGridUnderTest newGrid() {
        return new SimulatedJobGrid(Long.getLong("cangrid.jobs.seed", DEFAULT_SEED));
    }

    /**
     * Known issue. A run node sends a job's result to its client and the word of its end to its owner at
     * once, and either may arrive first. A cancellation that reaches the owner after the client saw the job
     * COMPLETED but before the owner heard of it is taken: the owner records the job CANCELLED, and tells
     * whoever asks it so, though the job completed and its client recorded COMPLETED. On seed
     * {@value #DEFAULT_SEED} the owner's news is still on its way when the cancellation comes.
     */
    @Test
    @Tag("known-issue")
    void aCancellationThatOvertakesTheNewsOfTheEndDoesNotCancelACompletedJob() throws Exception {
        JobId id = grid().submit(OWNER + 1, grid().job("quick", SHORT));
        assertThat(grid().awaitEnd(id, OWNER + 1).state()).isEqualTo(JobState.COMPLETED);

        assertThat(grid().cancel(id, INJECTION)).isEqualTo(new JobGridUnderTest.Cancelled(false, JobState.COMPLETED));
    }

    /**
     * The suite's grid on {@link JobGrid}. The overlay is the test's placement, so this grid plays the overlay's
     * part: a job's owner is the node the placement names, and when that node crashes its zone goes to another
     * live node, preferably an idle one; matchmaking takes the live nodes of the placement's list in turn. The
     * client is a node of its own, which sends its submissions and queries through the node a test names (or,
     * once that one crashed, the next live node). It is the client that sees a job end, so a job's outcome is
     * read from the client's events whichever node a test names; a cancellation is put to the owner directly,
     * as the simulated nodes carry none.
     */
    static final class SimulatedJobGrid implements JobGridUnderTest {

        /** Any wait lets at most this much virtual time pass. */
        private static final long WAIT_LIMIT_MILLIS = 3_600_000;

        private final long seed;
        private final JobGrid grid;
        private final List<NodeId> nodes = new ArrayList<>();
        private final Map<NodeId, Integer> indexOf = new HashMap<>();
        private final Map<JobId, Integer> injections = new HashMap<>();
        private int door;
        private long nextTicket = 1;

        SimulatedJobGrid(long seed) {
            this.seed = seed;
            this.grid = new JobGrid(seed, LatencyModel.exponential(50));
        }

        @Override
        public String describe() {
            return "simulation, seed " + seed + " (repeat with -Dcangrid.jobs.seed=" + seed + ")";
        }

        @Override
        public void start(int count) {
            for (int i = 0; i < count; i++) {
                add(i);
            }
            grid.client(this::door);
            grid.placement.ownerIs(nodes.get(Math.min(1, count - 1)));
            grid.placement.runOn(nodes.toArray(NodeId[]::new));
            grid.placement.inTurn();
        }

        private void add(int i) {
            NodeId id = grid.node(1);
            if (i < nodes.size()) {
                nodes.set(i, id);
            } else {
                nodes.add(id);
            }
            indexOf.put(id, i);
        }

        /** The node the client talks to: the one last named, or the next live one once it crashed. */
        private NodeId door() {
            for (int k = 0; k < nodes.size(); k++) {
                NodeId n = nodes.get((door + k) % nodes.size());
                if (grid.sim.isAlive(n)) {
                    return n;
                }
            }
            throw new IllegalStateException("no live node left");
        }

        @Override
        public JobSpec job(String name, int heartbeats) {
            return JobSpec.forSchema(JobGrid.SCHEMA, Requirements.none(JobGrid.SCHEMA.realDimensions()),
                    heartbeats * JobGrid.HEARTBEAT / 1000.0, name);
        }

        @Override
        public String expectedOutput(String name) {
            return null;
        }

        @Override
        public JobId submit(int through, JobSpec spec) {
            door = through;
            int before = grid.log.jobs().size();
            grid.submit(grid.sim.now(), spec);
            await("job submitted through node " + through + " taken by the grid", () -> grid.log.jobs().size() > before);
            JobId id = grid.log.jobs().get(before);
            injections.put(id, through);
            return id;
        }

        @Override
        public JobId submitPlaced(int through, int owner, JobSpec spec) {
            List<NodeId> others = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                if (i != through && i != owner) {
                    others.add(nodes.get(i));
                }
            }
            grid.placement.ownerIs(nodes.get(owner));
            grid.placement.runOn(others.toArray(NodeId[]::new));
            return submit(through, spec);
        }

        @Override
        public Roles awaitRunning(JobId job) {
            await("job " + job + " running, and owned", () -> runNode(job) >= 0 && owner(job) >= 0);
            return new Roles(injections.get(job), owner(job), runNode(job));
        }

        private int runNode(JobId job) {
            for (int i = 0; i < nodes.size(); i++) {
                NodeId n = nodes.get(i);
                if (grid.sim.isAlive(n)) {
                    JobProfile running = grid.program(n).agent.queue().runningJob();
                    if (running != null && running.id().equals(job)) {
                        return i;
                    }
                }
            }
            return -1;
        }

        private int owner(JobId job) {
            for (int i = 0; i < nodes.size(); i++) {
                NodeId n = nodes.get(i);
                if (grid.sim.isAlive(n) && grid.program(n).agent.owns(job)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public void crash(int node) {
            NodeId crashed = nodes.get(node);
            grid.sim.crash(crashed);
            if (crashed.equals(grid.placement.owner())) {
                // The overlay hands the crashed node's zone to a live neighbour, an idle one if there is one.
                NodeId heir = null;
                for (int k = 1; k < nodes.size(); k++) {
                    NodeId n = nodes.get((node + k) % nodes.size());
                    if (grid.sim.isAlive(n) && (heir == null || grid.program(n).agent.queue().isIdle()
                            && !grid.program(heir).agent.queue().isIdle())) {
                        heir = n;
                    }
                }
                grid.placement.ownerIs(heir);
            }
        }

        @Override
        public void restart(int node) {
            if (grid.sim.isAlive(nodes.get(node))) {
                throw new IllegalStateException("node " + node + " is still running");
            }
            add(node);
            List<NodeId> live = nodes.stream().filter(grid.sim::isAlive).toList();
            grid.placement.runOn(live.toArray(NodeId[]::new));
        }

        @Override
        public Cancelled cancel(JobId job, int through) {
            long ticket = nextTicket++;
            int owner = -1;
            for (int i = 0; i < nodes.size() && owner < 0; i++) {
                NodeId n = nodes.get(i);
                JobAgent agent = grid.sim.isAlive(n) ? grid.program(n).agent : null;
                if (agent != null && (agent.owns(job) || agent.outcome(job) != null)) {
                    owner = i;
                }
            }
            NodeId at = owner >= 0 ? nodes.get(owner) : grid.placement.owner();
            grid.sim.at(grid.sim.now(), () -> grid.program(at).agent.answerCancel(new CancelJob(ticket, job,
                    grid.clientId())));
            await("the answer to cancelling " + job, () -> reply(ticket) != null);
            CancelReply reply = reply(ticket);
            return new Cancelled(reply.cancelled(), reply.state());
        }

        private CancelReply reply(long ticket) {
            return grid.sent(m -> m instanceof CancelReply r && r.ticket() == ticket).stream()
                    .map(s -> (CancelReply) s.message()).findFirst().orElse(null);
        }

        @Override
        public Outcome awaitEnd(JobId job, int through) {
            await("the end of job " + job + " at its client", () -> !grid.log.of(FINISHED, job).isEmpty());
            List<JobLog.Entry> starts = grid.log.of(STARTED, job);
            int ranOn = starts.isEmpty() ? -1 : indexOf.get(starts.get(starts.size() - 1).node());
            return new Outcome(grid.log.of(FINISHED, job).get(0).state(), ranOn, null);
        }

        @Override
        public void settle() {
            grid.sim.runFor(2 * JobGrid.CONFIG.clientTimeoutMillis());
        }

        @Override
        public List<JobState> endings(JobId job) {
            return grid.log.of(FINISHED, job).stream().map(JobLog.Entry::state).toList();
        }

        @Override
        public List<Integer> starts(JobId job) {
            return grid.log.nodes(STARTED, job).stream().map(indexOf::get).toList();
        }

        @Override
        public List<Integer> attempts(JobId job) {
            return grid.log.attempts(job);
        }

        @Override
        public boolean isRunning(JobId job) {
            return runNode(job) >= 0;
        }

        @Override
        public Optional<String> messageLossUnsupported() {
            return Optional.empty();
        }

        @Override
        public void loseMessages(double probability) {
            grid.sim.setDropProbability(probability);
        }

        @Override
        public long messagesLost() {
            return grid.sim.messagesDropped();
        }

        private void await(String what, BooleanSupplier done) {
            long deadline = grid.sim.now() + WAIT_LIMIT_MILLIS;
            if (!grid.sim.runUntil(done, deadline)) {
                throw new AssertionError("no " + what + " within " + WAIT_LIMIT_MILLIS + " ms of virtual time");
            }
        }

        @Override
        public void close() {
            // Nothing outlives the simulation.
        }
    }
}
