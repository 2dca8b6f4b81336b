package io.cangrid.gangs.claim;

/** Coordinator → each member: some member voted no or did not vote in time; drop the hold. */
public record ClaimAbort(String gang, int attempt) implements ClaimMessage {
}
