package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinContacts;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

class JoinContactsTest {

    private static final Zone[] HALVES = Zone.wholeSpace(2).split(0, 0.5, 1);
    private static final Zone[] RIGHT_HALVES = HALVES[1].split(1, 0.5, 2);
    private static final Zone[] LOWER_RIGHT = RIGHT_HALVES[0].split(1, 0.25, 3);
    private static final Zone[] UPPER_RIGHT = RIGHT_HALVES[1].split(1, 0.75, 3);
    /** Four zones along our zone's right face, each a neighbour of it. */
    private static final Zone[] RIGHT = {LOWER_RIGHT[0], LOWER_RIGHT[1], UPPER_RIGHT[0], UPPER_RIGHT[1]};

    @Test
    void aFirstHopNamesTheNeighboursItHeardFromLatelyBeforeOnesGoneQuiet() {
        LoneNode n = new LoneNode(Point.of(0.25, 0.5), HALVES[0]);
        // Node 2 came first in the table, then fell silent: a crash its neighbours have not given up on yet.
        n.hear(2, 1, RIGHT[0]);
        n.sim.runFor(LoneNode.CONFIG.updatePeriodMillis() + 500);
        assertThat(n.can.neighbours()).extracting(NeighbourEntry::id).contains(NodeId.of(2));
        n.hear(3, 1, RIGHT[1]);
        n.hear(4, 1, RIGHT[2]);
        n.hear(5, 1, RIGHT[3]);
        long since = n.sim.now();
        Point elsewhere = Point.of(0.75, 0.1);
        n.deliver(NodeId.of(50), new RouteEnvelope(elsewhere, NodeId.of(50), 0, LoneNode.CONFIG.hopLimit(),
                new JoinRequest(NodeId.of(50), elsewhere, 1)));
        List<JoinContacts> told = n.sentTo(50, JoinContacts.class, since);
        assertThat(told).hasSize(1);
        assertThat(told.get(0).nodes()).containsExactly(n.can.id(), NodeId.of(3), NodeId.of(4), NodeId.of(5));
    }
}
