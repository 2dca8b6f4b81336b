package io.cangrid.can.message;

import io.cangrid.overlay.Message;

/** A payload routed only to measure routing: delivery at the owner is recorded by the driver. */
public record RoutingProbe(long id) implements Message {
}
