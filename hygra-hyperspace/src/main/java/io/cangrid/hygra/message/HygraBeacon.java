package io.cangrid.hygra.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.resource.Capabilities;

/**
 * Sent to every link once an update period when HYGRA carries the job life cycle: the sender is alive, has
 * these capabilities and published this state (its run queue's load). {@code leaving} says goodbye, so the
 * link is dropped at once rather than after it falls silent.
 */
public record HygraBeacon(Capabilities capabilities, Message published, boolean leaving) implements HygraMessage {
}
