package io.cangrid.gangs.claim;

/** Member → coordinator: held for the gang ({@code yes}), or not, with the reason ("held for gang G"). */
public record ClaimVote(String gang, int attempt, boolean yes, String reason) implements ClaimMessage {
}
