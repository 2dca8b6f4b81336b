package io.cangrid.can.sim;

import io.cangrid.overlay.Point;
import java.util.random.RandomGenerator;

/** Where simulated nodes sit in the CAN space. */
@FunctionalInterface
public interface PointSource {

    Point next(RandomGenerator random);

    /** Uniformly random points of {@code [0,1]^dims}. */
    static PointSource uniform(int dims) {
        return random -> {
            double[] c = new double[dims];
            for (int i = 0; i < dims; i++) {
                c[i] = random.nextDouble();
            }
            return Point.of(c);
        };
    }
}
