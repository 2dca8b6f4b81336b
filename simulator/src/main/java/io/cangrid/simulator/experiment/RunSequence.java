package io.cangrid.simulator.experiment;

import io.cangrid.simulator.metrics.JobRecorder;
import io.cangrid.simulator.run.GridExperiment;
import io.cangrid.overlay.runtime.GridRuntime;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario's runs made one after another, each on a runtime of its own, as an engine that runs one
 * simulation at a time hosts them (PeerSim runs them as its successive experiments). It starts each run's
 * {@link GridExperiment}, collects its result when the engine says it is over, and writes the same report
 * {@code cangrid simulate} writes once the last has ended.
 */
public final class RunSequence {

    private final RunPlan plan;
    private final List<RunResult> results = new ArrayList<>();
    private int started;
    private RunPlan.Planned current;
    private JobRecorder recorder;
    private GridExperiment experiment;

    public RunSequence(RunPlan plan) {
        this.plan = plan;
    }

    public RunPlan plan() {
        return plan;
    }

    public int size() {
        return plan.runs().size();
    }

    /** How many runs have been started so far. */
    public int startedRuns() {
        return started;
    }

    public boolean hasNext() {
        return started < plan.runs().size();
    }

    /** Starts the next run on {@code runtime} (fresh, at time 0): its joins are scheduled. */
    public GridExperiment startNext(GridRuntime runtime) {
        if (!hasNext()) {
            throw new IllegalStateException("all " + size() + " runs of " + plan.scenario().name()
                    + " have been started");
        }
        if (current != null) {
            throw new IllegalStateException(current.key() + " has not been finished");
        }
        current = plan.runs().get(started++);
        recorder = new JobRecorder();
        experiment = GridExperiment.on(runtime, current.workload(), current.settings(), recorder);
        experiment.begin();
        return experiment;
    }

    /** The run in progress, or null between runs. */
    public RunPlan.Planned current() {
        return current;
    }

    public GridExperiment experiment() {
        return experiment;
    }

    /** Ends the run in progress and keeps its result. */
    public RunResult finishCurrent() {
        if (current == null) {
            throw new IllegalStateException("no run in progress");
        }
        RunResult result = RunPlan.result(current, recorder, experiment.stats());
        results.add(result);
        current = null;
        recorder = null;
        experiment = null;
        return result;
    }

    /** Whether every run of the plan has ended. */
    public boolean complete() {
        return results.size() == plan.runs().size();
    }

    public ExperimentResult result() {
        return plan.collect(results);
    }
}
