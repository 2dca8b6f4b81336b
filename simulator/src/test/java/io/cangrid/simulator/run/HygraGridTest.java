package io.cangrid.simulator.run;

import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.scenario.RunSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.hygra.grid.GridSpace;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.WireMode;
import io.cangrid.overlay.runtime.GridRuntime;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * HYGRA as overlay and locator of the job life cycle: every job ends, NO_MATCH only for jobs no node can
 * run, with and without churn, with both dead-end strategies and through the wire format; a crashed run
 * node and a crashed owner are recovered from.
 */
class HygraGridTest {

    private static final long PERIOD = RunSettings.DEFAULT_UPDATE_PERIOD_MILLIS;

    private static RunSettings settings(String locator, long seed, WireMode wire) {
        return settings(locator, seed, wire, LatencyModel.exponential(50));
    }

    private static RunSettings settings(String locator, long seed, WireMode wire, LatencyModel latency) {
        return new RunSettings(locator, seed, PERIOD, 30_000, latency, 6 * 3600_000L, wire);
    }

    /**
     * The last row makes searches for jobs no node can run outlast the owner's patience (60 moves of 0.6 s, twice with a pause,
     * against 90 s without news), so the owner re-matches while they go on, and they end at the hop limit.
     */
    @ParameterizedTest(name = "{0}, churn {1}, wire {2}, latency {3}")
    @CsvSource({"HYGRA, false, direct, exponential:50", "HYGRA, true, direct, exponential:50",
            "'HYGRA[heuristic=BestFit, strategy=Stop]', true, direct, exponential:50",
            "HYGRA, true, kryo, exponential:50", "'HYGRA[hops=60]', false, direct, constant:600"})
    void everyJobEndsAndOnlyImpossibleJobsAreUnmatched(String locator, boolean churn, String wire, String latency) {
        long seed = 21;
        System.out.println("HygraGridTest seed " + seed);
        List<ChurnEvent> departures = churn
                ? List.of(ChurnEvent.crash(150_000), ChurnEvent.leave(300_000), ChurnEvent.crash(450_000))
                : List.of();
        Workload w = SmallWorkloads.of(seed, 40, 200, 3_000, departures);
        JobLog log = new JobLog();

        RunStats stats = GridExperiment.run(w, settings(locator, seed, WireMode.parse(wire),
                LatencyModel.parse(latency)), log);

        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.finalStates()).hasSize(200);
        assertThat(log.count(JobState.FAILED)).isZero();
        // Stop and a short hop limit may miss the one rare node a job needs; Backtracking over the whole
        // overlay does not.
        boolean exhaustive = !locator.contains("Stop") && !locator.contains("hops");
        for (JobProfile job : log.profiles().values()) {
            long capable = w.nodes().stream().filter(n -> n.satisfies(job.spec().requirements())).count();
            JobState end = log.finalStates().get(job.id());
            String why = log.reasons().get(job.id());
            if (capable == 0) {
                assertThat(end).isEqualTo(JobState.NO_MATCH);
                assertThat(why).contains("HYGRA found no capable node");
            } else if (capable > departures.size() && exhaustive) {
                assertThat(end).as("job %s with %d capable node(s): %s", job.id(), capable, why)
                        .isEqualTo(JobState.COMPLETED);
            }
        }
        assertThat(log.count(JobState.COMPLETED)).isGreaterThan(150);
    }

    @Test
    void aCrashedRunNodeAndACrashedOwnerAreRecoveredFrom() {
        long seed = 5;
        System.out.println("HygraGridTest seed " + seed);
        // Long jobs, few of them: the victims are still running when their nodes crash.
        Workload w = SmallWorkloads.of(seed, 30, 40, 20_000, List.of());
        RunSettings settings = settings("HYGRA", seed, WireMode.DIRECT);
        GridRuntime runtime = GridExperiment.simulation(settings);
        List<JobNode<?>> nodes = new ArrayList<>();
        Saboteur saboteur = new Saboteur(runtime, nodes);
        JobLog log = new JobLog();
        log.onEntry(saboteur);
        GridKind.Factory kinds = (run, node, view) -> recording(HygraGridKind.paperDefaults(node, PERIOD), nodes);

        RunStats stats = new GridExperiment(runtime, w, settings, log, kinds).run();

        assertThat(saboteur.runNodeVictim).as("a job whose run node crashed").isNotNull();
        assertThat(saboteur.ownerVictim).as("a job whose owner crashed").isNotNull();
        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.finalStates().get(saboteur.runNodeVictim)).isEqualTo(JobState.COMPLETED);
        assertThat(log.finalStates().get(saboteur.ownerVictim)).isEqualTo(JobState.COMPLETED);
        assertThat(log.count(JobLog.Kind.REMATCHED)).as("the owner matched the first victim again")
                .isGreaterThanOrEqualTo(1);
        assertThat(log.duplicateFinishes()).isZero();
    }

    /** Crashes the run node of one running job, then the owner (alone) of another, as it sees them start. */
    private static final class Saboteur implements Consumer<JobLog.Entry> {
        private final GridRuntime runtime;
        private final List<JobNode<?>> nodes;
        JobId runNodeVictim;
        JobId ownerVictim;

        Saboteur(GridRuntime runtime, List<JobNode<?>> nodes) {
            this.runtime = runtime;
            this.nodes = nodes;
        }

        @Override
        public void accept(JobLog.Entry e) {
            if (e.kind() != JobLog.Kind.STARTED) {
                return;
            }
            JobProfile job = e.job();
            NodeId runNode = e.node();
            long at = e.at();
            NodeId owner = ownerOf(job.id());
            if (owner == null || owner.equals(runNode)) {
                return;
            }
            if (runNodeVictim == null) {
                runNodeVictim = job.id();
                runtime.at(at + 60_000, () -> runtime.crash(runNode));
            } else if (ownerVictim == null && !runNode.equals(ownerOf(runNodeVictim))) {
                ownerVictim = job.id();
                runtime.at(at + 60_000, () -> {
                    NodeId now = ownerOf(job.id());
                    if (now != null && runtime.isAlive(runNode)) {
                        runtime.crash(now);
                    }
                });
            }
        }

        private NodeId ownerOf(JobId id) {
            for (JobNode<?> n : nodes) {
                if (runtime.isAlive(n.id()) && n.agent().owns(id)) {
                    return n.id();
                }
            }
            return null;
        }
    }

    private static GridKind recording(GridKind kind, List<JobNode<?>> nodes) {
        return new GridKind() {
            @Override
            public JobNode<?> newNode(NodeContext ctx, Capabilities capabilities, List<NodeId> bootstraps) {
                JobNode<?> n = kind.newNode(ctx, capabilities, bootstraps);
                nodes.add(n);
                return n;
            }

            @Override
            public boolean settled(List<JobNode<?>> active, int expected) {
                return kind.settled(active, expected);
            }

            @Override
            public String describe(List<JobNode<?>> active) {
                return kind.describe(active);
            }
        };
    }

    @Test
    void badOptionsAreRefusedNamingWhatIsAllowed() {
        assertThatThrownBy(() -> LocatorCatalog.validate("HYGRA[heuristic=Closest]"))
                .hasMessageContaining("heuristic").hasMessageContaining("MaxFree, BestFit");
        assertThatThrownBy(() -> LocatorCatalog.validate("HYGRA[strategy=Retry]"))
                .hasMessageContaining("Backtracking, Stop");
        assertThatThrownBy(() -> LocatorCatalog.validate("HYGRA[fanout=3]"))
                .hasMessageContaining("unknown option 'fanout'").hasMessageContaining("heuristic");
        assertThatThrownBy(() -> LocatorCatalog.validate("HYGRA[degmin=9, degmax=5]"))
                .hasMessageContaining("degmin must be below degmax");
        assertThatThrownBy(() -> LocatorCatalog.validate("HYGRA[hops=0]")).hasMessageContaining("hop limit");
        assertThatThrownBy(() -> LocatorCatalog.validate("HYGRA[attempts=x]")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> LocatorCatalog.validate("CENTRAL[heuristic=BestFit]"))
                .hasMessageContaining("takes no options");
        LocatorCatalog.validate("HYGRA[heuristic=best_fit, strategy=STOP, identity=ByCoordinates, hops=50]");
        assertThat(LocatorCatalog.isHygra(" HYGRA[strategy=Stop]")).isTrue();
        assertThat(LocatorCatalog.isHygra("CAN-PX")).isFalse();
    }

    @Test
    void aCapableNodePassesWhateverTheRoundingAndAnIncapableOneDoesNot() {
        GridSpace space = new GridSpace(ResourceSchema.defaultSchema());
        Capabilities node = new Capabilities(1.5, 2048, 80);
        var busy = space.offer(node, 0.7, false);
        assertThat(GridSpace.capable(busy, space.demand(new Requirements(1.5, 2048, 80)))).isTrue();
        assertThat(busy.covers(space.demand(new Requirements(1.5, 2048, 80)))).as("busy slot").isFalse();
        assertThat(space.offer(node, 0.7, true).covers(space.demand(new Requirements(0, 2048, 0)))).isTrue();
        assertThat(GridSpace.capable(busy, space.demand(new Requirements(2, 0, 0)))).isFalse();
        assertThat(GridSpace.capable(busy, space.demand(new Requirements(0, 0, 160)))).isFalse();
    }
}
