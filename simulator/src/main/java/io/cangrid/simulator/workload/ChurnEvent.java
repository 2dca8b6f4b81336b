package io.cangrid.simulator.workload;

import io.cangrid.overlay.resource.Capabilities;
import java.util.Objects;

/**
 * A change of the grid's membership during a run: a node leaves gracefully, crashes silently, or a new
 * node joins with the given capabilities. Departures name no node: the experiment picks a live one with
 * its own seeded random source, so the same workload gives the same run.
 *
 * @param capabilities the joiner's capabilities; null for departures
 */
public record ChurnEvent(long atMillis, Kind kind, Capabilities capabilities) {

    public enum Kind { LEAVE, CRASH, JOIN }

    public ChurnEvent {
        Objects.requireNonNull(kind, "kind");
        if (atMillis < 0) {
            throw new IllegalArgumentException("churn time must not be negative, was " + atMillis);
        }
        if ((kind == Kind.JOIN) != (capabilities != null)) {
            throw new IllegalArgumentException("a JOIN carries the joiner's capabilities and only a JOIN does");
        }
    }

    public static ChurnEvent leave(long atMillis) {
        return new ChurnEvent(atMillis, Kind.LEAVE, null);
    }

    public static ChurnEvent crash(long atMillis) {
        return new ChurnEvent(atMillis, Kind.CRASH, null);
    }

    public static ChurnEvent join(long atMillis, Capabilities capabilities) {
        return new ChurnEvent(atMillis, Kind.JOIN, capabilities);
    }
}
