package io.cangrid.load.push;

/**
 * Eq. 4 (reconstructed): the probability of stopping the push at a node whose aggregated node count above
 * it along the target dimension is {@code a}, for stopping factor SF. A higher SF pushes further.
 */
public enum StoppingRule {

    /** The default, "R4b": {@code (1 / log2(1 + A))^SF}, 1 when A = 0. */
    R4B("R4b") {
        @Override
        public double stopProbability(double a, double sf) {
            if (a <= 0) {
                return 1.0;
            }
            return Math.min(1.0, Math.pow(1.0 / (Math.log1p(a) / Math.log(2)), sf));
        }
    },
    /** "R4a": {@code A^(-SF)}, 1 when A <= 1. */
    R4A("R4a") {
        @Override
        public double stopProbability(double a, double sf) {
            if (a <= 1) {
                return 1.0;
            }
            return Math.pow(a, -sf);
        }
    };

    private final String policyName;

    StoppingRule(String policyName) {
        this.policyName = policyName;
    }

    public abstract double stopProbability(double a, double sf);

    public String policyName() {
        return policyName;
    }

    public static StoppingRule parse(String name) {
        return PolicyNames.parse("stopping rule", name, values(), StoppingRule::policyName);
    }
}
