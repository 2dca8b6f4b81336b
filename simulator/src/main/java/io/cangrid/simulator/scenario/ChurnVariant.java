package io.cangrid.simulator.scenario;

import java.util.Locale;

/**
 * One churn setting of an experiment: the fraction of initial nodes that depart and that join.
 *
 * @param index position in the scenario's departure list, which keeps seeds and report order stable
 */
public record ChurnVariant(int index, double departures, double joins) {

    public boolean isStatic() {
        return departures == 0 && joins == 0;
    }

    /** Short label for file names and tables, e.g. {@code departures0.20}; empty for a static grid. */
    public String label() {
        return isStatic() ? "" : String.format(Locale.ROOT, "departures%.2f", departures);
    }
}
