package io.cangrid.hygra.grid;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/**
 * The wire id of a node's inspection report (315, in HYGRA's range): the report is the grid layer's, so it
 * is registered here rather than by the protocol's messages, which know nothing of the grid.
 */
public final class HygraGridMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(315, HygraReport.class);
    }
}
