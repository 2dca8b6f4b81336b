package io.cangrid.can.inspect;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;

/**
 * What one node says about itself, all the {@link OverlayInspector} needs: its point, its zones and the
 * claims in its neighbour table. A simulation reads it straight off its nodes; live, nodes send it.
 */
public record NodeReport(NodeId node, Point point, Zone[] zones, NodeZones[] neighbours) {

    public static NodeReport of(CanNode n) {
        List<NeighbourEntry> table = n.neighbours();
        NodeZones[] claims = new NodeZones[table.size()];
        for (int i = 0; i < claims.length; i++) {
            claims[i] = table.get(i).claim();
        }
        return new NodeReport(n.id(), n.point(), n.zones(), claims);
    }
}
