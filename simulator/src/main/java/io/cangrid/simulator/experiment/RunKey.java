package io.cangrid.simulator.experiment;

import io.cangrid.simulator.scenario.ChurnVariant;
import java.util.Locale;

/**
 * Which run of a scenario: a locator, a load level (by its position in the scenario and its value) and a
 * churn variant.
 */
public record RunKey(String locator, int loadIndex, double load, ChurnVariant variant) {

    @Override
    public String toString() {
        String churn = variant.isStatic() ? "" : ", " + variant.label();
        return String.format(Locale.ROOT, "%s at load %.2f%s", locator, load, churn);
    }
}
