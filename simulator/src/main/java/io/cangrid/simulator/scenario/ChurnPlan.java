package io.cangrid.simulator.scenario;

import java.util.List;

/**
 * Membership changes during the arrival window. Every departure fraction is a variant of the experiment
 * crossed with every load level; no fractions means one variant without departures.
 *
 * @param departures fractions of the initial nodes that depart
 * @param crashFraction share of departures that crash rather than leave gracefully
 * @param joins nodes that join, as a fraction of the initial nodes, in every variant
 */
public record ChurnPlan(List<Double> departures, double crashFraction, double joins) {

    /** Departures above this would leave too few nodes to say anything about the locators. */
    public static final double MAX_DEPARTURES = 0.9;

    public static final ChurnPlan NONE = new ChurnPlan(List.of(), 0.5, 0);

    public ChurnPlan {
        departures = List.copyOf(departures);
        for (double d : departures) {
            if (!(d >= 0) || d > MAX_DEPARTURES) {
                throw new IllegalArgumentException("departure fractions must be in [0, " + MAX_DEPARTURES + "], was " + d);
            }
        }
        if (!(crashFraction >= 0) || crashFraction > 1) {
            throw new IllegalArgumentException("crash fraction must be in [0, 1], was " + crashFraction);
        }
        if (!(joins >= 0) || joins > MAX_DEPARTURES) {
            throw new IllegalArgumentException("joins must be in [0, " + MAX_DEPARTURES + "], was " + joins);
        }
    }

    /** The variants to run: the departure fractions, or a single churn-free variant. */
    public List<ChurnVariant> variants() {
        if (departures.isEmpty()) {
            return List.of(new ChurnVariant(0, 0.0, joins));
        }
        ChurnVariant[] variants = new ChurnVariant[departures.size()];
        for (int i = 0; i < variants.length; i++) {
            variants[i] = new ChurnVariant(i, departures.get(i), joins);
        }
        return List.of(variants);
    }

    /** Whether the scenario has departure variants (reports then show a departures column). */
    public boolean hasVariants() {
        return !departures.isEmpty();
    }
}
