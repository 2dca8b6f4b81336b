package io.cangrid.load.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.match.Candidate;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import org.junit.jupiter.api.Test;

/**
 * Jobs sent to a neighbour count in its queue until it speaks again. A beat is speaking: it says the
 * neighbour's state is as before while leaving the very state object we hold in place, so the ledger cannot
 * tell it by the state alone.
 */
class SentLedgerTest {

    private static final NodeId NEIGHBOUR = NodeId.of(7);
    private static final NeighbourState HELD = new NeighbourState(
            new NodeZones(NEIGHBOUR, 1, new Zone[] {Zone.wholeSpace(3)}), Point.of(0.5, 0.5, 0.5),
            new Capabilities(2, 4096, 40), new NodeZones[0], 0, null, null, 1, null);
    private static final Candidate IDLE = new Candidate(NEIGHBOUR, new Capabilities(2, 4096, 40), 0, 0, 2, true, 0);

    @Test
    void jobsSentCountUntilTheNeighbourSpeaks() {
        SentLedger ledger = new SentLedger();
        ledger.record(NEIGHBOUR, HELD, 600, 2);

        Candidate seen = ledger.adjust(IDLE, HELD, 1);
        assertThat(seen.queueLength()).isEqualTo(1);
        assertThat(seen.backlogSeconds()).isEqualTo(300.0);
        assertThat(seen.freeCores()).isZero();
        assertThat(seen.isFree()).isFalse();
    }

    @Test
    void aBeatEndsTheCountThoughTheHeldStateIsTheSame() {
        SentLedger ledger = new SentLedger();
        ledger.record(NEIGHBOUR, HELD, 600, 2);

        ledger.spoke(NEIGHBOUR);

        assertThat(ledger.adjust(IDLE, HELD, 1)).isEqualTo(IDLE);
    }

    @Test
    void aNewStateEndsTheCountAsBefore() {
        SentLedger ledger = new SentLedger();
        ledger.record(NEIGHBOUR, HELD, 600, 2);
        NeighbourState next = new NeighbourState(HELD.self(), HELD.point(), HELD.capabilities(), HELD.listed(), 0,
                null, null, 2, null);

        assertThat(ledger.adjust(IDLE, next, 1)).isEqualTo(IDLE);
    }
}
