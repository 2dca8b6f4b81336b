package io.cangrid.simulator.run;

import io.cangrid.simulator.scenario.RunSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.Workload;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run driven through its phases, the way an engine with its own event loop drives it: controls that
 * call the driver at a fixed step (the settle checks and the end at one step, arrivals and churn handed
 * over a window at a time at another), never running the clock themselves. Every job must end as when
 * the driver runs the clock, with churn, and the run must stop once they have.
 */
class PhasedRunTest {

    private static final long PHASE_STEP = 1_000;
    private static final long WINDOW_STEP = 7_000;

    @ParameterizedTest
    @ValueSource(strings = {"CENTRAL", "CAN", "CAN-PX"})
    void controlsAtAFixedStepRunTheWholeExperiment(String locator) {
        List<ChurnEvent> churn = List.of(ChurnEvent.crash(150_000), ChurnEvent.leave(300_000),
                ChurnEvent.crash(450_000), ChurnEvent.leave(600_000));
        Workload w = SmallWorkloads.of(13, 60, 200, 5_000, churn);
        RunSettings settings = new RunSettings(locator, 13, 10_000, 30_000, LatencyModel.exponential(50),
                6 * 3600_000L);
        Simulation sim = new Simulation(SimulationConfig.defaults(13).withLatency(settings.latency()));
        JobLog log = new JobLog();
        GridExperiment experiment = GridExperiment.on(sim, w, settings, log);
        experiment.handOverFirstPeriodOnStart();
        experiment.begin();
        boolean[] over = new boolean[1];
        long[] settleStart = new long[1];
        repeat(sim, PHASE_STEP, () -> {
            boolean wasStarted = experiment.hasStarted();
            over[0] = experiment.advance();
            if (!wasStarted && experiment.hasStarted()) {
                settleStart[0] = sim.now();
            }
            return !over[0];
        });
        repeat(sim, WINDOW_STEP, () -> {
            experiment.scheduleArrivals(sim.now() + WINDOW_STEP);
            experiment.scheduleChurn(sim.now() + WINDOW_STEP);
            return !over[0];
        });
        sim.runUntil(() -> over[0], 24 * 3600_000L);

        assertThat(over[0]).as("the run said it was over").isTrue();
        RunStats stats = experiment.stats();
        assertThat(stats.workloadStartMillis()).isEqualTo(settleStart[0]);
        assertThat((stats.workloadStartMillis() - experiment.firstSettleCheckMillis()) % settings.updatePeriodMillis())
                .as("settle checks fall on update periods").isZero();
        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.finalStates()).hasSize(200);
        assertThat(log.jobs()).hasSize(200);
        assertThat(log.count(JobState.FAILED)).isZero();
        // A window handed over late would have scheduled an arrival in the past, which the simulation refuses.
        assertThat(log.firstAt(JobLog.Kind.SUBMITTED).values()).allMatch(t -> t >= stats.workloadStartMillis());
        assertThat(stats.endMillis() - lastEnd(log)).as("stops within a step of the last job's end")
                .isBetween(0L, PHASE_STEP);
    }

    private static long lastEnd(JobLog log) {
        return log.of(JobLog.Kind.FINISHED).stream().mapToLong(JobLog.Entry::at).max().orElseThrow();
    }

    /** Calls {@code step} every {@code period} ms from now on while it returns true. */
    private static void repeat(Simulation sim, long period, java.util.function.BooleanSupplier step) {
        sim.at(sim.now(), new Runnable() {
            @Override
            public void run() {
                if (step.getAsBoolean()) {
                    sim.after(period, this);
                }
            }
        });
    }
}
