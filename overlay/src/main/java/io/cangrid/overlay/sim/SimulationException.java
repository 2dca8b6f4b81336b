package io.cangrid.overlay.sim;

/** A program threw while handling a simulated event: a bug, reported with where and when it happened. */
public final class SimulationException extends RuntimeException {

    public SimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
