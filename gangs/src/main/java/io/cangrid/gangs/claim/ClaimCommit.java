package io.cangrid.gangs.claim;

/** Coordinator → each member: every member voted yes; the hold is now the gang's until it is released. */
public record ClaimCommit(String gang, int attempt) implements ClaimMessage {
}
