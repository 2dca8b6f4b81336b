package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;

/**
 * The first hop's word to a joiner whose request it passes on: itself and some of its neighbours, all
 * live a moment ago. Should the request be lost on its way (it may meet a crashed node that nobody has
 * missed yet), the joiner retries through these instead of the nodes it was started with, which churn
 * may have taken by then.
 */
public record JoinContacts(NodeId[] nodes) implements CanMessage {
}
