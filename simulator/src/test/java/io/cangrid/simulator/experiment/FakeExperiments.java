package io.cangrid.simulator.experiment;

import io.cangrid.simulator.scenario.Scenario;

/** Whole experiments on the {@link FakeGrid}, for tests of what comes after them. */
public final class FakeExperiments {

    private FakeExperiments() {
    }

    public static ExperimentResult run(Scenario scenario) {
        return new Experiment(scenario, new FakeGrid()).run(2, ExperimentProgress.NONE);
    }

    public static Scenario small(String... more) {
        return ExperimentTest.small(more);
    }
}
