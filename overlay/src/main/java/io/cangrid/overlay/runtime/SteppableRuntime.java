package io.cangrid.overlay.runtime;

import java.util.function.BooleanSupplier;

/** A runtime whose clock the experiment driver advances itself, as the deterministic simulation's is. */
public interface SteppableRuntime extends GridRuntime {

    /** Lets time pass up to and including {@code timeMillis}. */
    void runUntil(long timeMillis);

    /**
     * Lets time pass until {@code done} holds (checked between events) or {@code deadlineMillis} passes.
     *
     * @return whether {@code done} held
     */
    boolean runUntil(BooleanSupplier done, long deadlineMillis);
}
