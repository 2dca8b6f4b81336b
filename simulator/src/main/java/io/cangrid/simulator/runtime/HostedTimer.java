package io.cangrid.simulator.runtime;

import io.cangrid.overlay.Timer;

/** A timer of a hosted node, as the engine's event carries it; cancelling it makes the node skip it. */
public final class HostedTimer implements Timer {

    private final Runnable action;
    private boolean cancelled;

    public HostedTimer(Runnable action) {
        this.action = action;
    }

    Runnable action() {
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
