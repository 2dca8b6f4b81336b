package io.cangrid.peersim;

import peersim.core.CommonState;
import peersim.core.Control;

/**
 * Injects the scenario's jobs: once a step, it hands PeerSim the arrivals of the coming step, each at its
 * exact time, through a client at a random live node. The step must not exceed the update period.
 */
public final class WorkloadControl implements Control {

    private final WindowStep step;

    public WorkloadControl(String prefix) {
        this.step = new WindowStep(prefix);
    }

    @Override
    public boolean execute() {
        var experiment = PeerSimSession.experiment();
        step.check(experiment.updatePeriodMillis());
        experiment.scheduleArrivals(CommonState.getTime() + step.millis());
        return false;
    }
}
