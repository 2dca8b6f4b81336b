package io.cangrid.overlay.sim;

import io.cangrid.overlay.Timer;

/** A scheduled action of one node (or of the driver); cancelling it makes the queue skip it. */
final class SimTimer implements Timer {

    final Runnable action;
    private boolean cancelled;

    SimTimer(Runnable action) {
        this.action = action;
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
