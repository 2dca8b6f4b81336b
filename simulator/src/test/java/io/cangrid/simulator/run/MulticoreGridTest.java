package io.cangrid.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.BothJobEvents;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.OwnerModel;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioFiles;
import io.cangrid.simulator.workload.Workload;
import io.cangrid.simulator.workload.WorkloadGenerator;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Machines of many cores in the simulation: every locator runs jobs side by side on them without ever holding
 * more cores than a node has, loses no job, and, with owners who come back, vacates runs without losing or
 * failing them.
 */
class MulticoreGridTest {

    private static final long SEED = 5;

    private static Scenario scenario(String... more) {
        String[] base = {"nodes=60", "jobs.per-level=240", "seed=" + SEED, "population.cores-levels=[1,2,4,8]",
            "jobs.cores-levels=[1,2,4]", "jobs.work-minutes.min=5", "jobs.work-minutes.max=15"};
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return ScenarioFiles.base(all);
    }

    /** The cores running jobs hold on each node at every moment, and the most each ever held. */
    private static final class CoreLedger implements JobEvents {
        final Map<NodeId, Integer> held = new HashMap<>();
        final Map<NodeId, Integer> peak = new HashMap<>();
        int most;
        int vacates;

        @Override
        public void started(JobProfile job, NodeId runNode, long at) {
            int now = held.merge(runNode, job.spec().cores(), Integer::sum);
            peak.merge(runNode, now, Math::max);
            most = Math.max(most, now);
        }

        @Override
        public void runEnded(JobProfile job, NodeId runNode, long at) {
            held.merge(runNode, -job.spec().cores(), Integer::sum);
        }

        @Override
        public void vacated(JobProfile job, NodeId runNode, long at) {
            vacates++;
        }
    }

    private static RunSettings settings(String locator, Scenario s) {
        return new RunSettings(locator, SEED, 10_000, 30_000, LatencyModel.exponential(50), 6 * 3600_000L,
                io.cangrid.overlay.sim.WireMode.DIRECT, s.owners());
    }

    @ParameterizedTest
    @ValueSource(strings = {"CENTRAL", "CENTRAL-BESTFIT", "CAN", "CAN-PX", "HYGRA"})
    void jobsShareTheCoresOfANodeAndNoneIsLost(String locator) {
        Scenario s = scenario();
        Workload w = new WorkloadGenerator(s).generate(0.8, new ChurnVariant(0, 0, 0));
        assertThat(w.schema().indexOf(ResourceSchema.CORES)).isEqualTo(3);
        JobLog log = new JobLog();
        CoreLedger ledger = new CoreLedger();
        GridExperiment experiment = GridExperiment.on(GridExperiment.simulation(settings(locator, s)), w,
                settings(locator, s), new BothJobEvents(log, ledger));
        RunStats stats = experiment.run();
        ledger.peak.forEach((id, cores) -> assertThat(cores).as("most cores held at once on %s", id)
                .isLessThanOrEqualTo((int) stats.capabilities().get(id).get(3)));
        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.count(JobState.FAILED)).isZero();
        assertThat(log.count(JobState.COMPLETED) + log.count(JobState.NO_MATCH)).isEqualTo(240);
        // Jobs ran side by side somewhere: a node held more than one core at once.
        assertThat(ledger.most).as("most cores held at once on one node").isGreaterThan(1);
        // A job wider than every node ends NO_MATCH, naming cores.
        int widest = w.nodes().stream().mapToInt(c -> (int) c.get(3)).max().orElseThrow();
        log.profiles().values().stream().filter(p -> p.spec().cores() > widest).forEach(p ->
                assertThat(log.reasons().get(p.id())).contains("cores"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"CENTRAL-BESTFIT", "CAN-PX"})
    void ownersComingBackVacateRunsThatThenCompleteElsewhere(String locator) {
        Scenario s = scenario("owners.enabled=true", "owners.mean-available=40m", "owners.mean-active=15m",
                "owners.max-suspension=5m");
        assertThat(s.owners()).isEqualTo(new OwnerModel(true, 40 * 60_000, 15 * 60_000, 5 * 60_000, 30_000));
        Workload w = new WorkloadGenerator(s).generate(0.5, new ChurnVariant(0, 0, 0));
        JobLog log = new JobLog();
        CoreLedger ledger = new CoreLedger();
        RunStats stats = GridExperiment.on(GridExperiment.simulation(settings(locator, s)), w, settings(locator, s),
                new BothJobEvents(log, ledger)).run();
        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(ledger.vacates).as("vacated runs").isPositive();
        assertThat(log.count(JobState.FAILED)).isZero();
        assertThat(log.count(JobState.COMPLETED) + log.count(JobState.NO_MATCH)).isEqualTo(240);
    }
}
