package io.cangrid.live;

/**
 * What every handshake of one node (or client) consults: nonces seen lately, where refusals are logged,
 * the revocations in force and the tokens already verified.
 */
record SessionGuards(NonceLedger nonces, RejectLog rejects, Revocations revocations, VerifiedTokens tokens) {
}
