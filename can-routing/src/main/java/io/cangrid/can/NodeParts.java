package io.cangrid.can;

import io.cangrid.overlay.NodeContext;

/**
 * The parts of a CAN node that each of its roles (joins, takeovers, departures) works with: the kernel's
 * context (time, timers, randomness, sending), the configuration, the node's zones and its neighbour table.
 * Each role's own interface adds what else it needs of the node.
 */
interface NodeParts {

    NodeContext ctx();

    CanConfig config();

    OwnZones zones();

    NeighbourTable table();
}
