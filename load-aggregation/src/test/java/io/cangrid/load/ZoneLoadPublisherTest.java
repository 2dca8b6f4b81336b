package io.cangrid.load;

import static io.cangrid.load.HandBuiltNode.zone;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.cangrid.can.geometry.Zone;
import io.cangrid.jobs.JobLoad;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobIdFactory;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.jobs.message.JobAssign;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What one node publishes, on hand-built neighbourhoods of the unit square (x = dimension 0, y = 1).
 *
 * <pre>
 *   y=1   +-----------+-----------+
 *         |  T (own)  |           |
 *   y=.75 +-----------+           |
 *         |  Z3 (own) |           |
 *   y=.5  +-----------+     R     |
 *         |  Z1 (own) | (node 2)  |
 *   y=.25 +-----------+           |
 *         | B (node 1)|           |
 *   y=0   +-----------+-----------+
 * </pre>
 *
 * The node holds three zones stacked in y, as after takeovers; none is another's partition-tree sibling,
 * so they stay apart.
 */
class ZoneLoadPublisherTest {

    private static final Zone R = zone(2, 0, .5, 1);
    private static final Zone T = zone(2, 0, .5, 0, 1, .75, 1);
    private static final Zone Z3 = zone(2, 0, .5, 0, 1, .75, 0, 1, .5, 1);
    private static final Zone Z1 = zone(2, 0, .5, 0, 1, .75, 0, 1, .5, 0, 1, .25, 1);
    private static final Zone B = zone(2, 0, .5, 0, 1, .75, 0, 1, .5, 0, 1, .25, 0);

    private static int serial;

    private static void queueJobs(HandBuiltNode node, int count) {
        JobIdFactory ids = new JobIdFactory(ResourceSchema.defaultSchema());
        for (int i = 0; i < count; i++) {
            JobSpec spec = JobSpec.of(Requirements.none(3), 1e6);
            JobProfile profile = new JobProfile(ids.idFor(spec, 0.5, ++serial), spec, NodeId.of(500), 0, 1);
            node.agent.receive(NodeId.of(1), new JobAssign(profile, NodeId.of(1), MatchTrace.START));
        }
    }

    private static ZoneLoad loadOf(LoadState state, Zone z) {
        for (ZoneLoad l : state.zones()) {
            if (l.zone().sameBox(z)) {
                return l;
            }
        }
        throw new AssertionError("no published load for " + z);
    }

    @Test
    void theLayoutIsWhatThePictureShows() {
        assertThat(Z1.hasUpperNeighbour(Z3, 1)).isTrue();
        assertThat(Z3.hasUpperNeighbour(T, 1)).isTrue();
        assertThat(B.hasUpperNeighbour(Z1, 1)).isTrue();
        for (Zone own : new Zone[] {Z1, Z3, T}) {
            assertThat(own.hasUpperNeighbour(R, 0)).isTrue();
            assertThat(own.volume()).isEqualTo(0.125);
        }
    }

    @Test
    void aZoneCountsTheNodesOwnZonesAboveIt() {
        HandBuiltNode node = new HandBuiltNode(Z1, Z3, T);
        assertThat(node.can.zones()).hasSize(3);
        node.hear(1, new LoadState(JobLoad.IDLE, new ZoneLoad[] {ZoneLoad.alone(B, 1, 0)}), B);
        node.hear(2, new LoadState(new JobLoad(6, 0), new ZoneLoad[] {ZoneLoad.alone(R, 1, 6)}), R);
        queueJobs(node, 3);
        ZoneLoadPublisher publisher = new ZoneLoadPublisher(node.ctx, node.can, node.agent.queue());

        LoadState published = publisher.current();

        assertThat(published.own().queueLength()).isEqualTo(3);
        // Each own zone is a third of the node and of its 3 queued jobs.
        ZoneLoad z1 = loadOf(published, Z1);
        ZoneLoad z3 = loadOf(published, Z3);
        ZoneLoad t = loadOf(published, T);
        assertThat(z1.nodes()).isCloseTo(1 / 3.0, offset(1e-12));
        assertThat(z1.queued()).isCloseTo(1.0, offset(1e-12));
        // In y: T is at the top; Z3 counts T; Z1 counts Z3 and, through it, T: the whole node.
        assertThat(t.nodesFrom(1)).isCloseTo(1 / 3.0, offset(1e-12));
        assertThat(z3.nodesFrom(1)).isCloseTo(2 / 3.0, offset(1e-12));
        assertThat(z1.nodesFrom(1)).isCloseTo(1.0, offset(1e-12));
        assertThat(z1.queuedFrom(1)).isCloseTo(3.0, offset(1e-12));
        // In x: R lies above all three, a quarter of its height facing each.
        for (ZoneLoad own : published.zones()) {
            assertThat(own.nodesAbove()[0]).isCloseTo(0.25, offset(1e-12));
            assertThat(own.queuedAbove()[0]).isCloseTo(1.5, offset(1e-12));
        }
    }

    @Test
    void theStateMessageAnnouncingASplitCarriesLoadsOfTheNewZone() {
        Zone left = zone(2, 0, .5, 0);
        HandBuiltNode node = new HandBuiltNode(left);
        node.hear(2, new LoadState(JobLoad.IDLE, new ZoneLoad[] {ZoneLoad.alone(R, 1, 0)}), R);
        ZoneLoadPublisher publisher = new ZoneLoadPublisher(node.ctx, node.can, node.agent.queue());
        node.can.setStateExtension(publisher::current);
        node.ctx.now = 5_000;
        // A periodic broadcast at this instant...
        assertThat(publisher.current().zones()).extracting(ZoneLoad::zone).containsExactly(left);
        node.ctx.sent.clear();

        // ...then, at the same instant, a join splits the zone.
        Point joiner = Point.of(0.25, 0.9);
        node.can.receive(NodeId.of(2), new RouteEnvelope(joiner, NodeId.of(7), 0, 64,
                new JoinRequest(NodeId.of(7), joiner, 1)));

        assertThat(node.can.zones()).hasSize(1);
        Zone kept = node.can.zones()[0];
        assertThat(kept.sameBox(left)).isFalse();
        List<NeighbourState> states = new ArrayList<>();
        for (ManualContext.Sent s : node.ctx.sent) {
            if (s.message() instanceof NeighbourState state) {
                states.add(state);
            }
        }
        assertThat(states).isNotEmpty();
        for (NeighbourState s : states) {
            LoadState loads = (LoadState) s.extension();
            assertThat(loads.zones()).hasSize(1);
            assertThat(loads.zones()[0].zone().sameBox(kept)).as("loads of %s announced with claim %s",
                    loads.zones()[0].zone(), kept).isTrue();
        }
    }

    @Test
    void aJobQueuedWithinAnInstantShowsInTheNextMessageOfThatInstant() {
        HandBuiltNode node = new HandBuiltNode(zone(2, 0, .5, 0));
        ZoneLoadPublisher publisher = new ZoneLoadPublisher(node.ctx, node.can, node.agent.queue());
        node.ctx.now = 5_000;
        assertThat(publisher.current().own().queueLength()).isZero();
        queueJobs(node, 2);
        LoadState after = publisher.current();
        assertThat(after.own().queueLength()).isEqualTo(2);
        assertThat(after.zones()[0].queued()).isEqualTo(2.0);
        assertThat(publisher.current()).isSameAs(after);
    }
}
