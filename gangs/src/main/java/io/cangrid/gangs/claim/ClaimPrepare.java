package io.cangrid.gangs.claim;

import io.cangrid.overlay.NodeId;

/**
 * Coordinator → each member: hold yourself for {@code gang} for {@code leaseMillis} and vote. The whole gang
 * travels with it, so that every member knows the others once the gang is claimed. {@code priority} is the
 * gang's age (its submission time; smaller is older), which the members use to keep a freed node for the
 * oldest gang they refused.
 */
public record ClaimPrepare(String gang, int attempt, NodeId[] members, long leaseMillis, long priority)
        implements ClaimMessage {
}
