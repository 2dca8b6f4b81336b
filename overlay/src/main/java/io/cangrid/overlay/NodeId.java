package io.cangrid.overlay;

import java.util.Objects;

/**
 * Identity of a node. {@code value} is unique in a grid and orders nodes wherever the protocols need a
 * tie-break. Live nodes also carry the address peers reach them at; simulated nodes leave it empty,
 * because the simulation addresses nodes by {@code value} alone.
 */
public record NodeId(long value, String host, int port) implements Comparable<NodeId> {

    public NodeId {
        if (host != null && (port <= 0 || port > 65535)) {
            throw new IllegalArgumentException("port must be in 1..65535, was " + port);
        }
    }

    /** An identity without an address, as the simulation runtimes use. */
    public static NodeId of(long value) {
        return new NodeId(value, null, 0);
    }

    public boolean hasAddress() {
        return host != null;
    }

    @Override
    public int compareTo(NodeId other) {
        return Long.compare(value, other.value);
    }

    // Identity is the value: an address learned twice (e.g. by name and by IP) must not create two nodes.
    @Override
    public boolean equals(Object o) {
        return o instanceof NodeId other && other.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public String toString() {
        return hasAddress() ? shortName() + "@" + host + ":" + port : "n" + value;
    }

    /** Short form for logs and explanations. */
    public String shortName() {
        // Live ids are 64 random bits: always 16 hex digits, so that they line up and read alike everywhere.
        return "n" + (hasAddress() ? Decimals.hex16(value) : Long.toString(value));
    }

    static <T> T requireNonNull(T t, String what) {
        return Objects.requireNonNull(t, what);
    }
}
