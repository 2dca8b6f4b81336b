package io.cangrid.peersim;

import peersim.config.Configuration;
import peersim.config.IllegalParameterException;

/**
 * A control's step, which must not exceed the update period: the start of the workload hands over only
 * its first period's events, and each later window must be handed over before it begins.
 */
final class WindowStep {

    private final String prefix;
    private final long millis;

    WindowStep(String prefix) {
        this.prefix = prefix;
        this.millis = Configuration.getLong(prefix + ".step");
    }

    long millis() {
        return millis;
    }

    void check(long updatePeriodMillis) {
        if (millis > updatePeriodMillis) {
            throw new IllegalParameterException(prefix + ".step", "is " + millis + " ms, longer than the scenario's "
                    + "update period (" + updatePeriodMillis + " ms); use a step of at most the update period");
        }
    }
}
