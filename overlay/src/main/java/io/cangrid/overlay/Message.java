package io.cangrid.overlay;

/**
 * Marker for everything nodes send each other. Messages are small immutable records; a simulation
 * delivers the very same object to its receiver, so a message must never be mutated after it is sent.
 * Each module groups its messages under one sub-interface (e.g. {@code CanMessage}) so a node can hand a
 * message to the protocol that owns it with one type test.
 */
public interface Message {
}
