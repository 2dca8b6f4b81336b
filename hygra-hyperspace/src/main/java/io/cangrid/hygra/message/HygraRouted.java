package io.cangrid.hygra.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.Point;

/** A payload on its way, greedily over the links, to the node nearest {@code point}. */
public record HygraRouted(Point point, Message payload, int hops) implements HygraMessage {
}
