package io.cangrid.load.push;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of CAN-P's and CAN-PX's pushing (201–205, in the load-aggregation range). */
public final class PushMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(201, PushStep.class)
                .register(202, FreeSearch.class)
                .register(203, TryAssign.class)
                .register(204, WaitingSearch.class)
                .register(205, FreeFound.class);
    }
}
