package io.cangrid.simulator.run;

import io.cangrid.simulator.scenario.RunSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.Workload;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GridExperimentTest {

    private static RunSettings settings(String locator, long seed) {
        return new RunSettings(locator, seed, 10_000, 30_000, LatencyModel.exponential(50), 6 * 3600_000L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"CENTRAL", "CENTRAL-MCT", "CENTRAL-BESTFIT", "CENTRAL-RANDFREE", "CAN", "CAN-P2", "CAN-PX"})
    void everyJobOfAStaticGridEnds(String locator) {
        Workload w = SmallWorkloads.of(7, 80, 300, 8_000, List.of());
        JobLog log = new JobLog();
        RunStats stats = GridExperiment.run(w, settings(locator, 7), log);
        double meanHops = log.of(JobLog.Kind.ASSIGNED).stream().mapToInt(e -> e.trace().hops()).average().orElse(0);
        System.out.printf("%s: completed %d noMatch %d wait %.1f s hops %.2f msgs %d sim %d s wall %.1f s%n", locator,
                log.count(JobState.COMPLETED), log.count(JobState.NO_MATCH), log.meanWaitSeconds(), meanHops,
                stats.messagesSent(), (stats.endMillis() - stats.workloadStartMillis()) / 1000, stats.wallSeconds());
        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.finalStates()).hasSize(300);
        assertThat(log.count(JobState.COMPLETED) + log.count(JobState.NO_MATCH)).isEqualTo(300);
        assertThat(log.count(JobLog.Kind.REMATCHED)).isZero();
        assertThat(log.resubmissions()).isZero();
        // NO_MATCH only for jobs no node of the grid could run.
        for (var job : log.profiles().values()) {
            if (log.finalStates().get(job.id()) == JobState.NO_MATCH) {
                assertThat(w.nodes()).as("capable node for NO_MATCH job %s (%s)", job.id(),
                        log.reasons().get(job.id())).noneMatch(n -> n.satisfies(job.spec().requirements()));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CENTRAL", "CAN", "CAN-P2", "CAN-PX"})
    void noJobIsLostWhenNodesLeaveAndCrash(String locator) {
        List<ChurnEvent> churn = List.of(ChurnEvent.crash(200_000), ChurnEvent.leave(400_000),
                ChurnEvent.crash(600_000), ChurnEvent.leave(800_000), ChurnEvent.crash(1_000_000),
                ChurnEvent.crash(1_000_010), ChurnEvent.leave(1_200_000), ChurnEvent.crash(1_400_000));
        Workload w = SmallWorkloads.of(11, 60, 300, 6_000, churn);
        JobLog log = new JobLog();
        RunStats stats = GridExperiment.run(w, settings(locator, 11), log);
        System.out.printf("%s churn: completed %d noMatch %d rematches %d resubmissions %d%n", locator,
                log.count(JobState.COMPLETED), log.count(JobState.NO_MATCH), log.count(JobLog.Kind.REMATCHED),
                log.resubmissions());
        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.finalStates()).hasSize(300);
        assertThat(log.count(JobState.FAILED)).isZero();
        // A job that more nodes can run than depart keeps a capable node whatever departs: it must complete.
        for (var job : log.profiles().values()) {
            long capable = w.nodes().stream().filter(n -> n.satisfies(job.spec().requirements())).count();
            if (capable > churn.size()) {
                assertThat(log.finalStates().get(job.id())).as("job %s, %d capable nodes (%s)", job.id(), capable,
                        log.reasons().get(job.id())).isEqualTo(JobState.COMPLETED);
            }
        }
        assertThat(log.count(JobState.COMPLETED)).isGreaterThan(250);
    }

    /**
     * Runs of one seed are compared on what they lost: the churn must take the same machines whatever the
     * locator. (On a grid this small no node happens to be rejoining when it is drawn, so the old draws
     * passed too; SteadyPickTest is the test that fails on them.)
     */
    @Test
    void everyLocatorLosesTheSameMachinesAtTheSameTimes() {
        List<ChurnEvent> churn = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            churn.add(i % 2 == 0 ? ChurnEvent.crash(150_000 + i * 90_000L) : ChurnEvent.leave(150_000 + i * 90_000L));
        }
        Workload w = SmallWorkloads.of(13, 60, 200, 6_000, churn);
        Map<NodeId, Long> first = null;
        for (String locator : List.of("CENTRAL", "CAN-P1", "CAN-PX")) {
            RunSettings s = settings(locator, 13);
            GridExperiment run = GridExperiment.on(GridExperiment.simulation(s), w, s, new JobLog());
            run.run();
            Map<NodeId, Long> departures = run.departures();
            assertThat(departures).as(locator).hasSize(churn.size());
            if (first == null) {
                first = departures;
            } else {
                assertThat(departures).as("the machines %s lost against CENTRAL's", locator).isEqualTo(first);
            }
        }
    }
}
