package io.cangrid.overlay;

/**
 * An operator's question to one node: who are you, what do you hold, whom do you know. Every overlay
 * answers it with a report of its own kind (the CAN's zones and neighbours, HYGRA's links), so it is the
 * kernel's; it keeps the wire id it had in can-routing's range.
 */
public record PeersRequest(long requestId) implements ClientRequest {
}
