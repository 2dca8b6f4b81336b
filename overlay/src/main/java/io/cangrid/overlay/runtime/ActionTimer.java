package io.cangrid.overlay.runtime;

import io.cangrid.overlay.Timer;

/**
 * A scheduled action of one node (or of a driver), as a simulation engine's event carries it: cancelling
 * it makes the engine skip it when it comes due. The deterministic simulation and the PeerSim binding
 * both queue these.
 */
public final class ActionTimer implements Timer {

    private final Runnable action;
    private boolean cancelled;

    public ActionTimer(Runnable action) {
        this.action = action;
    }

    public Runnable action() {
        return action;
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }
}
