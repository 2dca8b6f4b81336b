package io.cangrid.peersim;

import peersim.core.Control;

/**
 * Moves the run through its phases: the settle checks once an update period, the start of the workload,
 * and the end of the run, when every job has ended or the drain limit has passed (it then stops PeerSim's
 * experiment). Its step (1000 ms in the shipped configurations) is how soon after the last job the run
 * stops, and must not exceed the scenario's update period.
 */
public final class PhaseControl implements Control {

    private final WindowStep step;

    public PhaseControl(String prefix) {
        this.step = new WindowStep(prefix);
    }

    @Override
    public boolean execute() {
        var experiment = PeerSimSession.experiment();
        step.check(experiment.updatePeriodMillis());
        return experiment.advance();
    }
}
