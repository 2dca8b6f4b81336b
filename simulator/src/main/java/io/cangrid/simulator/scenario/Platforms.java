package io.cangrid.simulator.scenario;

import java.util.List;

/**
 * The operating systems and architectures of a population's machines (none: machines publish no attributes,
 * the papers' grid) and the probability that a job requires one of them.
 *
 * @param kinds          the platforms, their fractions summing to 1; empty for none
 * @param jobConstraint  the probability that a job requires the platform it draws (with the platforms'
 *                       fractions): its operating system, and with probability one half its architecture too
 */
public record Platforms(List<Platform> kinds, double jobConstraint) {

    public static final Platforms NONE = new Platforms(List.of(), 0);

    public Platforms {
        kinds = List.copyOf(kinds);
        if (!(jobConstraint >= 0) || jobConstraint > 1) {
            throw new IllegalArgumentException("the probability that a job requires a platform is in [0, 1], was "
                    + jobConstraint);
        }
        if (kinds.isEmpty() && jobConstraint > 0) {
            throw new IllegalArgumentException("jobs can require a platform only when machines have platforms");
        }
        double sum = kinds.stream().mapToDouble(Platform::fraction).sum();
        if (!kinds.isEmpty() && Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException("the platforms' fractions sum to " + sum + ", not 1");
        }
    }

    public boolean isEmpty() {
        return kinds.isEmpty();
    }

    /** The platform a uniform draw {@code u} in [0, 1) picks, with the platforms' fractions. */
    public Platform pick(double u) {
        double cumulative = 0;
        for (Platform p : kinds) {
            cumulative += p.fraction();
            if (u < cumulative) {
                return p;
            }
        }
        return kinds.get(kinds.size() - 1);
    }
}
