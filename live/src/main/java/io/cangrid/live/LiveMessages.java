package io.cangrid.live;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of the live runtime's own messages (50–69): revocations and a word on an unreachable address,
 * which only live grids have. */
public final class LiveMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(50, RevocationNotice.class)
                .register(51, RevocationReply.class)
                .register(52, ReachNotice.class);
    }
}
