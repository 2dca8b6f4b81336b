package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A neighbour is presumed dead when its dead-after time has run since the last message heard from it, not
 * at the next round after that: looked at only once a round, a crash went unnoticed for up to a period
 * more than the dead-after time.
 */
class SilenceDeadlineTest {

    private static final long PERIOD = LoneNode.CONFIG.updatePeriodMillis();
    private static final long DEAD_AFTER = LoneNode.CONFIG.deadAfterMillis();
    private static final int NEIGHBOURS = 8;
    private static final long FIRST = 10;

    @Test
    void eachSilentNeighbourIsPresumedDeadItsDeadAfterTimeAfterItsLastMessage() {
        Zone[] halves = Zone.wholeSpace(2).split(0, 0.5, 1);
        LoneNode n = new LoneNode(Point.of(0.25, 0.5), halves[0]);
        List<Zone> slabs = slabs(halves[1]);
        // Neighbour k falls silent k eighths of a period after the first: whatever the phase of our rounds,
        // at most one of them could have its dead-after time end on one.
        long[] last = new long[NEIGHBOURS];
        for (int k = 0; k < NEIGHBOURS; k++) {
            for (int j = k; j < NEIGHBOURS; j++) {
                n.hear(FIRST + j, 1, slabs.get(j));
            }
            last[k] = n.sim.now();
            n.sim.runFor(PERIOD / NEIGHBOURS);
        }
        for (int k = 0; k < NEIGHBOURS; k++) {
            NodeId id = NodeId.of(FIRST + k);
            n.sim.runFor(last[k] + DEAD_AFTER - 1 - n.sim.now());
            assertThat(n.can.hasNeighbour(id)).as("neighbour %d just before its dead-after time", k).isTrue();
            n.sim.runFor(last[k] + DEAD_AFTER + 2 - n.sim.now());
            assertThat(n.can.hasNeighbour(id)).as("neighbour %d just after its dead-after time", k).isFalse();
        }
    }

    /** {@code zone} cut along the second dimension into {@link #NEIGHBOURS} slabs, as joins would cut it. */
    private static List<Zone> slabs(Zone zone) {
        List<Zone> out = new ArrayList<>(List.of(zone));
        while (out.size() < NEIGHBOURS) {
            List<Zone> next = new ArrayList<>();
            for (Zone z : out) {
                Zone[] h = z.split(1, z.lo(1) + z.length(1) / 2, z.epoch() + 1);
                next.add(h[0]);
                next.add(h[1]);
            }
            out = next;
        }
        return out;
    }
}
