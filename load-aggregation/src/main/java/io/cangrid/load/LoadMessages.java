package io.cangrid.load;

import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of load aggregation (200–299; CAN-P's own messages are in {@code push.PushMessages}). */
public final class LoadMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(200, LoadState.class)
                .register(250, ZoneLoad.class)
                .register(251, ZoneLoad[].class)
                .register(252, Candidate.class)
                .register(253, CategoryLoads.class);
    }
}
