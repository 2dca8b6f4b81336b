package io.cangrid.gangs.claim;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** The gangs' wire ids (700–799): the claim's messages from 700. */
public final class ClaimMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(700, ClaimPrepare.class)
                .register(701, ClaimVote.class)
                .register(702, ClaimCommit.class)
                .register(703, ClaimAbort.class)
                .register(704, ClaimRenew.class)
                .register(705, ClaimRelease.class)
                .register(706, ClaimLost.class);
    }
}
