package io.cangrid.load.push;

/**
 * Eq. 3 (reconstructed): how attractive the region at and above an upper neighbour is, from the nodes
 * {@code n} and queued jobs {@code q} aggregated there. The smallest value wins; ties go to the larger n.
 */
public enum PushObjective {

    /** The default: a small average queue over many nodes, {@code (q/n)/n}. */
    AVERAGE_OVER_NODES("q/n2") {
        @Override
        public double value(double q, double n) {
            return q / n / n;
        }
    },
    /** The average queue above only, {@code q/n}. */
    AVERAGE("q/n") {
        @Override
        public double value(double q, double n) {
            return q / n;
        }
    };

    private final String policyName;

    PushObjective(String policyName) {
        this.policyName = policyName;
    }

    public abstract double value(double q, double n);

    public String policyName() {
        return policyName;
    }

    public static PushObjective parse(String name) {
        return PolicyNames.parse("push objective", name, values(), PushObjective::policyName);
    }
}
