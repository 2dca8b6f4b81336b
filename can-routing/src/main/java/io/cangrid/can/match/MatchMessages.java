package io.cangrid.can.match;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of job placement on the CAN (120–139, inside can-routing's range). */
public final class MatchMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(122, UpwardStep.class)
                .register(123, OrthantSearch.class);
    }
}
