package io.cangrid.peersim;

import peersim.core.CommonState;
import peersim.core.Control;

/**
 * Applies the scenario's churn (joins, graceful leaves and crashes at their times): once a step, it hands
 * PeerSim the churn events of the coming step. The step must not exceed the update period.
 */
public final class ChurnControl implements Control {

    private final WindowStep step;

    public ChurnControl(String prefix) {
        this.step = new WindowStep(prefix);
    }

    @Override
    public boolean execute() {
        var experiment = PeerSimSession.experiment();
        step.check(experiment.updatePeriodMillis());
        experiment.scheduleChurn(CommonState.getTime() + step.millis());
        return false;
    }
}
