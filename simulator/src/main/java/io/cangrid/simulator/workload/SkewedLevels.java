package io.cangrid.simulator.workload;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Ascending levels of one resource drawn with {@code P(level k) ∝ skew^k} (k = 0 the smallest): Kim et
 * al.'s "most nodes small, few large", used for node capabilities and job constraints alike.
 */
final class SkewedLevels {

    private final double[] values;
    private final double[] cumulative;

    SkewedLevels(List<Double> levels, double skew) {
        values = new double[levels.size()];
        cumulative = new double[levels.size()];
        double weight = 1;
        double total = 0;
        for (int k = 0; k < values.length; k++) {
            values[k] = levels.get(k);
            total += weight;
            cumulative[k] = total;
            weight *= skew;
        }
        for (int k = 0; k < values.length; k++) {
            cumulative[k] /= total;
        }
    }

    double draw(RandomGenerator random) {
        double u = random.nextDouble();
        for (int k = 0; k < values.length - 1; k++) {
            if (u < cumulative[k]) {
                return values[k];
            }
        }
        return values[values.length - 1];
    }

    double probability(int level) {
        return cumulative[level] - (level == 0 ? 0 : cumulative[level - 1]);
    }

    double mean() {
        double mean = 0;
        for (int k = 0; k < values.length; k++) {
            mean += probability(k) * values[k];
        }
        return mean;
    }
}
