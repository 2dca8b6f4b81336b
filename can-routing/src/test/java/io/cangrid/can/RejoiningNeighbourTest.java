package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import org.junit.jupiter.api.Test;

/**
 * A neighbour that gave up its zones without telling us (it lost them, or left its world, while its own
 * table lacked us) and now asks us to join: its zones are free, and it must get one of them. Its requests,
 * which keep coming, prove it alive but not that it still holds anything: counted as proof that it does,
 * they kept its entry, and so its zones, ours to route into forever, while its join, routed to its own
 * point, went back to it.
 */
class RejoiningNeighbourTest {

    private static final Zone[] HALVES = Zone.wholeSpace(2).split(0, 0.5, 1);
    private static final Point ITS_POINT = Point.of(0.8, 0.3);
    private static final long PERIOD = LoneNode.CONFIG.updatePeriodMillis();
    /** Well past the takeover timer of a node as large as the zone (bounded at eight base times). */
    private static final long PATIENCE = 12 * LoneNode.CONFIG.takeoverBaseMillis() + 4 * PERIOD;

    @Test
    void aNeighbourThatAsksToJoinWithANewerClaimHasItsZonesTakenOverAndGetsOne() {
        LoneNode n = new LoneNode(Point.of(0.25, 0.5), HALVES[0]);
        n.hear(2, 3, HALVES[1]);
        long since = n.sim.now();
        // The joiner retries as a joiner does, more often than a silent neighbour is given up: only its
        // requests speak for it.
        long until = since + PATIENCE;
        while (n.sim.now() < until && n.sentTo(2, JoinAccept.class, since).isEmpty()) {
            n.deliver(NodeId.of(2), request(2, 4));
            n.sim.runFor(LoneNode.CONFIG.joinRetryMillis());
        }
        assertThat(n.sentTo(2, JoinAccept.class, since)).as("answers to the rejoining neighbour").isNotEmpty();
        Zone given = n.sentTo(2, JoinAccept.class, since).get(0).zones()[0];
        assertThat(HALVES[1].contains(LoneNode.centre(given))).as("%s lies in the zone it gave up", given)
                .isTrue();
        assertThat(n.sentTo(2, RouteEnvelope.class, since)).as("its own join routed back to it").isEmpty();
    }

    @Test
    void aLateRequestFromItsFirstJoinLeavesAnActiveNeighbourItsZones() {
        LoneNode n = new LoneNode(Point.of(0.25, 0.5), HALVES[0]);
        n.hear(2, 3, HALVES[1]);
        long until = n.sim.now() + PATIENCE;
        while (n.sim.now() < until) {
            n.deliver(NodeId.of(2), request(2, 0));
            n.hear(2, 3, HALVES[1]);
            n.sim.runFor(PERIOD / 2);
        }
        assertThat(n.holds(HALVES[1])).isFalse();
        assertThat(n.can.hasNeighbour(NodeId.of(2))).isTrue();
    }

    @Test
    void aRequestPassedOnByAnotherNodeCannotUnseatTheNodeItNames() {
        LoneNode n = new LoneNode(Point.of(0.25, 0.5), HALVES[0]);
        n.hear(2, 3, HALVES[1]);
        long until = n.sim.now() + PATIENCE;
        while (n.sim.now() < until) {
            // Node 3, any member, passes on a request in node 2's name with a claim version past node 2's.
            JoinRequest forged = new JoinRequest(NodeId.of(2), ITS_POINT, 1, 99);
            n.deliver(NodeId.of(3), new RouteEnvelope(ITS_POINT, NodeId.of(2), 1, LoneNode.CONFIG.hopLimit(), forged));
            n.hear(2, 3, HALVES[1]);
            n.sim.runFor(PERIOD / 2);
        }
        assertThat(n.holds(HALVES[1])).isFalse();
        assertThat(n.can.hasNeighbour(NodeId.of(2))).isTrue();
    }

    private static RouteEnvelope request(long joiner, long version) {
        NodeId id = NodeId.of(joiner);
        return new RouteEnvelope(ITS_POINT, id, 0, LoneNode.CONFIG.hopLimit(), new JoinRequest(id, ITS_POINT, 1, version));
    }
}
