package io.cangrid.overlay;

/** A scheduled action that has not necessarily run yet. */
public interface Timer {

    /** Prevents the action from running if it has not run yet; harmless otherwise. */
    void cancel();

    boolean isCancelled();
}
