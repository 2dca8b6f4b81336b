package io.cangrid.gangs.claim;

/** Coordinator → each member, while the gang runs: the coordinator lives; keep the claim for another lease. */
public record ClaimRenew(String gang, int attempt) implements ClaimMessage {
}
