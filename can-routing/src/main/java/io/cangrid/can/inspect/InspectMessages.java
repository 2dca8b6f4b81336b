package io.cangrid.can.inspect;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of operator inspection (160–179 of the CAN range). */
public final class InspectMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        // 160 is the operator's request, which every overlay answers: the kernel registers it.
        registry.register(161, PeersReply.class)
                .register(162, NodeReport.class);
    }
}
