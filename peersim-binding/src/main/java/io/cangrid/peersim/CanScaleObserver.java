package io.cangrid.peersim;

import io.cangrid.simulator.report.SummaryJson;
import peersim.core.Control;

/** Prints the CAN scale run's result as the JSON {@code cangrid bench can --json} prints (schedule it FINAL). */
public final class CanScaleObserver implements Control {

    public CanScaleObserver(String prefix) {
        // No parameters: the result goes to standard output.
    }

    @Override
    public boolean execute() {
        System.out.println(SummaryJson.toJson(PeerSimSession.canRun().result()));
        System.out.flush();
        return false;
    }
}
