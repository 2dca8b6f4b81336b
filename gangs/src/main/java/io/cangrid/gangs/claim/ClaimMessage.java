package io.cangrid.gangs.claim;

import io.cangrid.overlay.Message;

/**
 * What a gang's coordinator and its members say to each other while the gang is claimed, held and ended.
 * Every message names the gang and the attempt of the claim it belongs to, so that a late answer to an
 * earlier attempt never counts for the current one.
 */
public sealed interface ClaimMessage extends Message
        permits ClaimPrepare, ClaimVote, ClaimCommit, ClaimAbort, ClaimRenew, ClaimRelease, ClaimLost {

    String gang();

    int attempt();
}
