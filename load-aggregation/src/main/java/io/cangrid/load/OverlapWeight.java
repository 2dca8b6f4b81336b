package io.cangrid.load;

import io.cangrid.can.geometry.Zone;

/**
 * The multiplier of Eq. 2: the share of upper neighbour M's information that lower neighbour N counts
 * along dimension d, {@code f_d(N,M) = Π_{i≠d} O_i(N,M) / L_i(M)}. Over all lower neighbours of M in d the
 * shares sum to 1, because their upper faces tile M's lower face: each node above is counted once.
 */
public final class OverlapWeight {

    private OverlapWeight() {
    }

    public static double of(Zone lower, Zone upper, int d) {
        double f = 1.0;
        for (int i = 0; i < lower.dimensions(); i++) {
            if (i != d) {
                f *= lower.overlap(upper, i) / upper.length(i);
            }
        }
        return f;
    }
}
