package io.cangrid.hygra.message;

import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.hygra.resource.ResourceVectorCodec;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** HYGRA's wire ids (300–399): messages from 300, the values they carry from 350. */
public final class HygraMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(300, StatusQuery.class)
                .register(301, StatusReply.class)
                .register(302, LinkCreate.class)
                .register(303, LinkCreateAccepted.class)
                .register(304, LinkCreateRefused.class)
                .register(305, LinkCut.class)
                .register(306, LinkCutAccepted.class)
                .register(307, LinkCutRefused.class)
                .register(308, StateChanged.class)
                .register(309, JoinQuery.class)
                .register(310, JoinOffer.class)
                .register(311, FindRequest.class)
                .register(312, FindOutcome.class)
                .register(313, HygraBeacon.class)
                .register(314, HygraRouted.class)
                .register(350, NodeState.class)
                .register(351, NodeState[].class)
                .register(352, Visit.class)
                .register(353, Visit[].class)
                .register(354, FindFailure.class)
                .register(355, ResourceVector.class, new ResourceVectorCodec())
                .register(356, Fallback.class);
    }
}
