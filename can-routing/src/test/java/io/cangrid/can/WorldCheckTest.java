package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.WorldBeacon;
import io.cangrid.can.message.WorldHello;
import io.cangrid.can.message.WorldMerge;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import org.junit.jupiter.api.Test;

/**
 * A world's word from a hostile or broken member is refused at the door and counted, and changes nothing:
 * the node keeps its zones and its world. A well-formed word of an older world, by contrast, sends the node
 * to that world (what {@code security.md} says a member can still do).
 */
class WorldCheckTest {

    private static final Point HERE = Point.of(0.5, 0.5);

    private LoneNode node() {
        LoneNode n = new LoneNode(HERE);
        n.can.useReunions();
        n.accept(Zone.wholeSpace(2));
        // A few periods with no neighbour: it leads a world of its own.
        n.sim.runFor((Reunions.FIRST_WORLD_PERIODS + 2) * LoneNode.CONFIG.updatePeriodMillis());
        assertThat(n.can.worldLeader()).isEqualTo(n.can.id());
        return n;
    }

    @Test
    void malformedWorldWordsAreRefusedAndCountedAndChangeNothing() {
        LoneNode n = node();
        NodeId mallory = NodeId.of(7);
        NodeZones claim = new NodeZones(mallory, 1, new Zone[] {Zone.wholeSpace(2)});
        n.deliver(mallory, new WorldHello(claim, null, 0, 0));
        n.deliver(mallory, new WorldHello(claim, NodeId.of(1), -5, 0));
        n.deliver(mallory, new WorldHello(new NodeZones(NodeId.of(8), 1, new Zone[] {Zone.wholeSpace(2)}),
                NodeId.of(1), 0, 0)); // a claim in another node's name
        n.deliver(mallory, new WorldHello(new NodeZones(mallory, 1, new Zone[] {Zone.wholeSpace(3)}),
                NodeId.of(1), 0, 0)); // a zone of another space
        n.deliver(mallory, new WorldMerge(NodeId.of(1), -1, 0, mallory));
        n.deliver(mallory, new WorldMerge(NodeId.of(1), 0, 0, null));
        n.deliver(mallory, new NeighbourState(claim, HERE, new Capabilities(), new NodeZones[0], -1,
                new NodeZones[0], new NodeId[0], -1, null, new WorldBeacon(NodeId.of(1), 0, -1)));
        assertThat(n.can.refusals().count(Refusals.Kind.BAD_WORLD)).isEqualTo(6);
        assertThat(n.can.refusals().count(Refusals.Kind.MALFORMED_STATE)).isEqualTo(1);
        assertThat(n.can.phase()).isEqualTo(CanPhase.ACTIVE);
        assertThat(n.can.worldDepartures()).isZero();
        assertThat(n.holds(Zone.wholeSpace(2))).isTrue();
    }

    @Test
    void aNodeThatKnowsNoWorldYetIgnoresAWordToLeaveOne() {
        LoneNode n = new LoneNode(HERE);
        n.can.useReunions();
        n.accept(Zone.wholeSpace(2)); // joined: its world comes with its neighbours' states, none yet
        assertThat(n.can.worldLeader()).isNull();
        n.deliver(NodeId.of(7), new WorldMerge(NodeId.of(1), 0, 0, NodeId.of(8)));
        assertThat(n.can.worldDepartures()).isZero();
        assertThat(n.can.phase()).isEqualTo(CanPhase.ACTIVE);
    }

    @Test
    void aWellFormedWordOfAnOlderWorldSendsTheNodeThere() {
        LoneNode n = node();
        NodeId other = NodeId.of(7);
        n.deliver(other, new WorldHello(new NodeZones(other, 1, new Zone[] {Zone.wholeSpace(2)}), NodeId.of(1), 0, 0));
        assertThat(n.can.worldDepartures()).isEqualTo(1);
        assertThat(n.can.phase()).isEqualTo(CanPhase.JOINING);
        assertThat(n.can.zones()).isEmpty();
    }

    @Test
    void aHelloOfAYoungerWorldIsAnsweredAndTheNodeStays() {
        LoneNode n = node();
        NodeId other = NodeId.of(7);
        long since = n.sim.now();
        n.deliver(other, new WorldHello(new NodeZones(other, 1, new Zone[] {Zone.wholeSpace(2)}), NodeId.of(1),
                Long.MAX_VALUE / 2, 0));
        assertThat(n.can.worldDepartures()).isZero();
        assertThat(n.sentTo(7, WorldHello.class, since)).hasSize(1);
        assertThat(n.holds(Zone.wholeSpace(2))).isTrue();
    }

    @Test
    void aHeartbeatRunningFarAheadOfTimeDoesNotCount() {
        LoneNode n = node();
        Reunions r = new Reunions(n.can);
        r.startedGrid();
        NodeId mallory = NodeId.of(7);
        r.onState(mallory, new WorldBeacon(NodeId.of(1), 0, 3));
        r.onState(mallory, new WorldBeacon(NodeId.of(1), 0, Integer.MAX_VALUE));
        assertThat(r.heardBeat(NodeId.of(1), 0)).isEqualTo(3);
        r.onState(mallory, new WorldBeacon(NodeId.of(1), 0, 4));
        assertThat(r.heardBeat(NodeId.of(1), 0)).isEqualTo(4);
    }

    @Test
    void aLostWorldsOldWordIsIgnoredAndANewerHeartbeatBringsItBack() {
        LoneNode n = node();
        Reunions r = new Reunions(n.can);
        r.startedGrid();
        NodeId other = NodeId.of(7);
        NodeZones claim = new NodeZones(other, 1, new Zone[] {Zone.wholeSpace(2)});
        r.onState(other, new WorldBeacon(NodeId.of(1), 0, 3));
        for (int i = 0; i <= Reunions.MAX_STALE; i++) {
            r.tick();
        }
        r.onHello(other, new WorldHello(claim, NodeId.of(1), 0, 3)); // a node that missed its leader's death
        assertThat(r.departures()).isZero();
        r.onHello(other, new WorldHello(claim, NodeId.of(1), 0, 3 + Reunions.ECHO_BEATS)); // heard just before the silence
        assertThat(r.departures()).isZero();
        r.onHello(other, new WorldHello(claim, NodeId.of(1), 0, 3 + Reunions.MAX_STALE + 1)); // a side that lived on
        assertThat(r.departures()).isEqualTo(1);
    }
}
