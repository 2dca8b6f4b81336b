package io.cangrid.load;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.SimulatedExecution;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;

/**
 * One CAN node holding zones chosen by the test, with neighbours whose state messages the test writes:
 * the hand-built neighbourhoods the policy and publisher tests need. Node 0 is this node; neighbours get
 * any other number.
 */
public final class HandBuiltNode {

    static final Capabilities CAPS = new Capabilities(1.0, 1024, 40);
    private static final NodeId BOOTSTRAP = NodeId.of(999);

    public final ManualContext ctx = new ManualContext(NodeId.of(0));
    public final CanNode can;
    public final JobAgent agent;

    /** A node that joined and was given {@code zones}; its point is the centre of the first. */
    public HandBuiltNode(Zone... zones) {
        can = new CanNode(ctx, CanConfig.withUpdatePeriod(1_000), centre(zones[0]), CAPS);
        agent = new JobAgent(ctx, ResourceSchema.defaultSchema(), CAPS.get(0), new SimulatedExecution(ctx, CAPS.get(0)),
                JobConfig.defaults(), JobEvents.NONE);
        can.join(BOOTSTRAP);
        can.receive(BOOTSTRAP, new JoinAccept(zones, new NodeZones[0], 1));
        if (can.phase() != CanPhase.ACTIVE) {
            throw new IllegalStateException("the hand-built node did not become active");
        }
    }

    /** A state message of neighbour {@code id} holding {@code zones}, with {@code extension} riding on it. */
    public void hear(long id, Message extension, Zone... zones) {
        NodeId from = NodeId.of(id);
        can.receive(from, new NeighbourState(new NodeZones(from, 1, zones), centre(zones[0]), CAPS, new NodeZones[0],
                extension));
    }

    /**
     * The zone reached from the whole space by splitting at each {@code (dimension, at, side)} in turn and
     * keeping the lower (side 0) or upper (side 1) half: zones built so carry their partition-tree paths.
     */
    public static Zone zone(int dims, double... steps) {
        Zone z = Zone.wholeSpace(dims);
        for (int i = 0; i < steps.length; i += 3) {
            z = z.split((int) steps[i], steps[i + 1], 1)[(int) steps[i + 2]];
        }
        return z;
    }

    static Point centre(Zone z) {
        double[] c = new double[z.dimensions()];
        for (int d = 0; d < c.length; d++) {
            c[d] = z.lo(d) + z.length(d) / 2;
        }
        return Point.of(c);
    }
}
