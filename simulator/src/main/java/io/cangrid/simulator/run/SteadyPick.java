package io.cangrid.simulator.run;

import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * Picks grid nodes at random with exactly one draw a pick: the drawn node, or the first one after it (in
 * the order nodes joined, wrapping round) that is eligible. A node briefly unfit when its turn comes (one
 * joining again after it lost its zone) then moves that one pick and no other. Drawing again until an
 * eligible node came up, as the driver did before, spent a varying number of draws, so one such moment
 * changed every pick after it: which machines the churn took away followed the protocol's timing, and
 * two locators, or two builds, of one seed lost different machines and could not be compared on it.
 */
final class SteadyPick {

    private final RandomGenerator random;

    SteadyPick(RandomGenerator random) {
        this.random = random;
    }

    /** One of {@code items} that {@code eligible} takes. */
    <T> T from(List<T> items, Predicate<? super T> eligible) {
        if (items.isEmpty()) {
            throw new IllegalStateException("no grid node to pick from");
        }
        int first = random.nextInt(items.size());
        for (int i = 0; i < items.size(); i++) {
            T item = items.get((first + i) % items.size());
            if (eligible.test(item)) {
                return item;
            }
        }
        throw new IllegalStateException("none of the " + items.size() + " grid nodes can be picked now");
    }
}
