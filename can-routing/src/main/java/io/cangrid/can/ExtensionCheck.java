package io.cangrid.can;

import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.Message;

/**
 * A higher layer's check of the extension record its peers' state messages carry (see
 * {@link CanNode#setExtensionCheck}). The overlay cannot read a layer's record, so the layer that wrote it
 * says whether a received one is well formed, before any of its values reaches a table.
 */
@FunctionalInterface
public interface ExtensionCheck {

    /**
     * What is wrong with {@code extension} (possibly null) sent by the node whose claim is {@code sender},
     * in a space of {@code dimensions}; null when nothing is.
     */
    String problem(Message extension, NodeZones sender, int dimensions);
}
