package io.cangrid.simulator.run;

import io.cangrid.jobs.OwnerPresence;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.scenario.OwnerModel;
import java.util.function.LongSupplier;

/**
 * One machine's owner in a simulation: from the workload's start the machine alternates between periods left
 * to the grid and periods its owner uses it, each exponential with the model's mean, drawn from the node's
 * own stream of the seed. The first state is drawn with the model's long-run odds, so the grid starts in its
 * steady state. Asked at any time, never earlier than before.
 */
final class SimulatedOwner implements OwnerPresence {

    private final OwnerModel model;
    private final SplitMix64 random;
    /** The workload's start on the simulation's clock, or -1 before it: no owner is active before then. */
    private final LongSupplier start;
    private boolean drawn;
    private boolean active;
    /** When the current period ends, in milliseconds since the workload's start. */
    private long periodEnds;

    SimulatedOwner(OwnerModel model, long seed, LongSupplier start) {
        this.model = model;
        this.random = new SplitMix64(seed);
        this.start = start;
    }

    @Override
    public String busy(long nowMillis) {
        long origin = start.getAsLong();
        if (origin < 0 || nowMillis < origin) {
            return null;
        }
        long t = nowMillis - origin;
        if (!drawn) {
            drawn = true;
            active = random.nextDouble() >= model.availableFraction();
            periodEnds = draw(active);
        }
        // Bounded: each pass moves the end forward by at least a millisecond.
        while (t >= periodEnds) {
            active = !active;
            periodEnds += draw(active);
        }
        return active ? "owner active" : null;
    }

    private long draw(boolean ownerActive) {
        double mean = ownerActive ? model.meanActiveMillis() : model.meanAvailableMillis();
        return Math.max(1, Math.round(-Math.log(1.0 - random.nextDouble()) * mean));
    }
}
