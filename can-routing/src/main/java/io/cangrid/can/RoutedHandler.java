package io.cangrid.can;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.Point;

/** Receives, on the owner of {@code target}, the payloads routed to that point. */
@FunctionalInterface
public interface RoutedHandler {
    void onRouted(Point target, Message payload, int hops);
}
