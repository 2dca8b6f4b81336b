package io.cangrid.gangs.claim;

/** Coordinator → each member: the gang is over; the member is free. */
public record ClaimRelease(String gang, int attempt) implements ClaimMessage {
}
