package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourBeat;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.Takeover;
import io.cangrid.can.message.ZoneHandoff;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A grid member that lies, one kind of lie per test, on the deterministic simulation: each lie is refused
 * and counted, no zone moves, and the grid stays tiled with exact neighbour tables and full delivery from
 * before the attack to well after it.
 */
class HostilePeerTest {

    private static final int NODES = 24;
    private static final NodeId PHANTOM = new NodeId(0x7f00_0001_0001L, "127.0.0.1", 1);

    private static NeighbourState stateOf(NodeZones claim) {
        return new NeighbourState(claim, Point.of(0.5, 0.5, 0.5), new Capabilities(), new NodeZones[0], null);
    }

    private static Zone[] reissued(Zone[] zones, long lead) {
        Zone[] out = new Zone[zones.length];
        for (int i = 0; i < zones.length; i++) {
            out[i] = zones[i].reissued(zones[i].epoch() + lead);
        }
        return out;
    }

    /** Sends {@code attack} once a period for {@code periods} periods, checking the grid whole after each. */
    private static void repeatChecked(HostileGrid g, int periods, Runnable attack) {
        g.assertWhole("before the attack");
        for (int p = 0; p < periods; p++) {
            attack.run();
            g.pass(HostileGrid.PERIOD);
            g.assertWhole("after " + (p + 1) + " period(s) of attack");
        }
        g.pass(5 * HostileGrid.PERIOD);
        g.assertWhole("after the attack");
    }

    @Test
    void aPhantomClaimingTheWholeSpaceIsRefused() {
        HostileGrid g = new HostileGrid(41, NODES);
        Map<NodeId, List<String>> before = g.holdings();
        Zone space = Zone.wholeSpace(HostileGrid.DIMS).reissued(1L << 40);
        NeighbourState lie = stateOf(new NodeZones(PHANTOM, Long.MAX_VALUE / 2, new Zone[] {space}));
        repeatChecked(g, 4, () -> {
            for (CanNode n : g.active()) {
                g.send(g.attacker, n.id(), lie);
            }
        });
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
        assertThat(g.refusals(Refusals.Kind.WRONG_SENDER)).isEqualTo(4L * NODES);
    }

    @Test
    void aMemberClaimingTheWholeSpaceByAnEpochJumpIsRefused() {
        HostileGrid g = new HostileGrid(43, NODES);
        Map<NodeId, List<String>> before = g.holdings();
        Zone space = Zone.wholeSpace(HostileGrid.DIMS).reissued(1L << 40);
        NeighbourState lie = stateOf(new NodeZones(g.attacker, 1, new Zone[] {space}));
        repeatChecked(g, 4, () -> {
            for (CanNode n : g.active()) {
                g.send(g.attacker, n.id(), lie);
            }
        });
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
        assertThat(g.refusals(Refusals.Kind.EPOCH_JUMP)).isEqualTo(4L * NODES);
    }

    @Test
    void aStateNamingAnotherSenderIsRefused() {
        HostileGrid g = new HostileGrid(47, NODES);
        CanNode[] pair = g.neighbourPair();
        CanNode victim = pair[0];
        CanNode liar = pair[1];
        // The liar speaks for a third node, claiming the victim's zones one epoch on: the shape of a takeover.
        CanNode named = g.active().stream().filter(n -> n != victim && n != liar).findFirst().orElseThrow();
        Map<NodeId, List<String>> before = g.holdings();
        repeatChecked(g, 4, () -> {
            NodeZones claim = new NodeZones(named.id(), named.version() + 1, reissued(victim.zones(), 1));
            g.send(liar.id(), victim.id(), stateOf(claim));
        });
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
        assertThat(victim.refusals().count(Refusals.Kind.WRONG_SENDER)).isEqualTo(4);
    }

    @Test
    void zonesHandedOverByAStrangerOrFarFromTheReceiverAreRefused() {
        HostileGrid g = new HostileGrid(53, NODES);
        CanNode[] pair = g.neighbourPair();
        CanNode receiver = pair[0];
        CanNode neighbour = pair[1];
        // Someone else's zone, nowhere near the receiver: what a stranger or a lying neighbour would hand over.
        CanNode holder = g.active().stream()
                .filter(n -> n != receiver && n != neighbour && !n.zones()[0].isNeighbourOfAny(receiver.zones()))
                .findFirst().orElseThrow();
        Map<NodeId, List<String>> before = g.holdings();
        repeatChecked(g, 4, () -> {
            ZoneHandoff gift = new ZoneHandoff(reissued(holder.zones(), 1), new NodeZones[0]);
            g.send(g.attacker, receiver.id(), gift);
            g.send(neighbour.id(), receiver.id(), gift);
        });
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
        assertThat(receiver.refusals().count(Refusals.Kind.HANDOFF_FROM_STRANGER)).isEqualTo(4);
        assertThat(receiver.refusals().count(Refusals.Kind.HANDOFF_NOT_ADJACENT)).isEqualTo(4);
    }

    @Test
    void takeoverClaimsInAnotherNameAreRefusedAndEarlyOnesChangeNothing() {
        HostileGrid g = new HostileGrid(59, NODES);
        g.assertWhole("before the crash");
        CanNode dead = g.active().get(NODES / 2);
        NodeId named = g.active().stream().filter(n -> n != dead).findFirst().orElseThrow().id();
        List<NodeId> around = dead.neighbours().stream().map(NeighbourEntry::id).toList();
        Zone[] zones = dead.zones();
        g.grid.crash(dead.id());
        // Before any neighbour can have found the crash, the hostile member claims the dead node's zones with
        // the smallest volume there is, in its own name; then, until long after every neighbour has found it,
        // in the name of a real node. Each lie would make a neighbour give up its own attempt on the zone, and
        // the liar takes nothing: neither may stop the neighbours' own takeover.
        long step = 1;
        for (long t = 0; t < 6 * HostileGrid.PERIOD; t += step) {
            boolean early = t < HostileGrid.PERIOD;
            for (Zone z : zones) {
                Takeover lie = new Takeover(dead.id(), z.path(), 0.0, early ? g.attacker : named);
                for (NodeId to : around) {
                    g.send(g.attacker, to, lie);
                }
            }
            g.pass(step);
        }
        assertThat(g.grid.settle(30)).as("seed %d: the dead node's zones are taken over: %s", g.seed,
                g.grid.inspect().describe()).isGreaterThanOrEqualTo(0);
        g.assertWhole("after the takeover");
        for (CanNode n : g.active()) {
            assertThat(n.id()).isNotEqualTo(dead.id());
        }
        assertThat(g.refusals(Refusals.Kind.WRONG_SENDER)).isPositive();
    }

    @Test
    void beatsWithImpossibleNumbersAreRefused() {
        HostileGrid g = new HostileGrid(59, NODES);
        CanNode[] pair = g.neighbourPair();
        CanNode victim = pair[0];
        CanNode liar = pair[1];
        Map<NodeId, List<String>> before = g.holdings();
        repeatChecked(g, 4, () -> {
            // A negative claim version, and a list numbered below its own base.
            g.send(liar.id(), victim.id(), new NeighbourBeat(-1, 0, 0, NeighbourBeat.NO_WORLD, 0, 0));
            g.send(liar.id(), victim.id(), new NeighbourBeat(liar.version(), 5, 3, NeighbourBeat.NO_WORLD, 0, 0));
        });
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
        assertThat(victim.refusals().count(Refusals.Kind.MALFORMED_STATE)).isEqualTo(8);
        assertThat(victim.hasNeighbour(liar.id())).isTrue();
    }

    @Test
    void beatsFromAStrangerBringItIntoNoTable() {
        HostileGrid g = new HostileGrid(61, NODES);
        Map<NodeId, List<String>> before = g.holdings();
        repeatChecked(g, 4, () -> {
            for (CanNode n : g.active()) {
                g.send(g.attacker, n.id(), new NeighbourBeat(3, 2, 2, NeighbourBeat.NO_WORLD, 0, 1));
            }
        });
        assertThat(g.holdings()).as("seed %d: no zone moved", g.seed).isEqualTo(before);
        for (CanNode n : g.active()) {
            assertThat(n.hasNeighbour(g.attacker)).as("seed %d: %s", g.seed, n.id()).isFalse();
        }
    }
}
