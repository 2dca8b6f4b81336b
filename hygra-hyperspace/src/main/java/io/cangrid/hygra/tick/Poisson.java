package io.cangrid.hygra.tick;

import java.util.random.RandomGenerator;

/** Poisson samples by Knuth's product of uniforms, split into chunks so large means do not underflow. */
final class Poisson {

    /** exp(-CHUNK) stays far above the smallest double. */
    private static final double CHUNK = 500;

    private Poisson() {
    }

    static int sample(RandomGenerator random, double mean) {
        int total = 0;
        double left = mean;
        while (left > 0) {
            double part = Math.min(left, CHUNK);
            left -= part;
            double limit = Math.exp(-part);
            double product = random.nextDouble();
            while (product > limit) {
                total++;
                product *= random.nextDouble();
            }
        }
        return total;
    }
}
