package io.cangrid.overlay.runtime;

import io.cangrid.overlay.Timer;

/**
 * A scheduled action of one node (or of a driver), as a simulation engine's event carries it: cancelling
 * it makes the engine skip it when it comes due. The deterministic simulation and the PeerSim binding
 * both queue these.
 */
public final class ActionTimer implements Timer {

    /** Null once cancelled: a cancelled timer may wait in the queue a long while, and what its action holds need not. */
    private Runnable action;
    private boolean cancelled;

    public ActionTimer(Runnable action) {
        this.action = action;
    }

    /** The action to run when due; null once the timer is cancelled. */
    public Runnable action() {
        return action;
    }

    @Override
    public void cancel() {
        cancelled = true;
        action = null;
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }
}
