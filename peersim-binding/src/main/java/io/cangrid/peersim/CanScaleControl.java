package io.cangrid.peersim;

import peersim.config.Configuration;
import peersim.config.IllegalParameterException;
import peersim.core.Control;

/**
 * Moves the CAN scale run through its phases every millisecond (its step must be 1): joins, settle checks,
 * probes; it stops PeerSim's experiment once the probes have arrived.
 */
public final class CanScaleControl implements Control {

    public CanScaleControl(String prefix) {
        if (Configuration.getLong(prefix + ".step", 1) != 1) {
            throw new IllegalParameterException(prefix + ".step", "must be 1: the run joins nodes and sends probes "
                    + "a millisecond at a time, as bench can does");
        }
    }

    @Override
    public boolean execute() {
        return PeerSimSession.canRun().advance();
    }
}
