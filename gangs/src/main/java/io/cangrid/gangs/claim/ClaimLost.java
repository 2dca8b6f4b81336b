package io.cangrid.gangs.claim;

/**
 * Member → coordinator: this member holds nothing for the gang any more (its lease ran out before a commit
 * or a renewal reached it, or its part of the gang ended), so the gang cannot stand as it is.
 */
public record ClaimLost(String gang, int attempt, String reason) implements ClaimMessage {
}
