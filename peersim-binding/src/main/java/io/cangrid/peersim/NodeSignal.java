package io.cangrid.peersim;

/** Events the runtime sends a node itself: its start, and a request to leave gracefully. */
enum NodeSignal {
    START, LEAVE
}
