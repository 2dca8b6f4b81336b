package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.ZoneHandoff;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import org.junit.jupiter.api.Test;

/**
 * A neighbour crashes; just before we would presume it dead our zones change and it is no longer adjacent,
 * so it is forgotten as such, not presumed dead. Then our zones grow next to it again, which clears the
 * memory of nodes forgotten as not adjacent, and a list that still names its last claim (its other
 * neighbours have not noticed the crash either) brought it back as a new neighbour heard from now: its
 * crash went unnoticed here for a whole dead-after time more (seen at 10^5 nodes under churn; see
 * evaluation.md, "Quiet states and failure detection").
 */
class CrashForgottenAsNotAdjacentTest {

    private static final long PERIOD = LoneNode.CONFIG.updatePeriodMillis();
    private static final Zone[] HALVES = Zone.wholeSpace(2).split(0, 0.5, 1);
    private static final Zone[] RIGHT = HALVES[1].split(1, 0.5, 2);
    private static final long CRASHED = 2;
    private static final long TALKER = 3;
    private static final long JOINER = 4;

    @Test
    void aSilentNeighbourForgottenAsNotAdjacentIsNotBroughtBackByAList() {
        LoneNode n = run(false);
        assertThat(n.can.hasNeighbour(NodeId.of(CRASHED)))
                .as("a neighbour silent for 4.5 periods, named since only in others' lists").isFalse();
    }

    @Test
    void aLiveNeighbourForgottenAsNotAdjacentIsFoundAgainAndKept() {
        LoneNode n = run(true);
        assertThat(n.can.hasNeighbour(NodeId.of(CRASHED))).as("a neighbour that speaks every period").isTrue();
    }

    /**
     * Forgotten after missing its heartbeat by half a period, taken back from a list a moment later: its
     * silence goes on from its last message, so it is presumed dead at the dead-after time of that message,
     * not a dead-after time after the list (seen at 10^4 nodes under churn).
     */
    @Test
    void aNeighbourTakenBackFromAListStaysSilentSinceItsLastMessage() {
        LoneNode n = new LoneNode(Point.of(0.1, 0.5), HALVES[0]);
        long start = n.sim.now();
        n.hear(CRASHED, 1, RIGHT[0]);
        talkUntil(n, start + 3 * PERIOD / 2, false);
        forgetAndBringBack(n, start, false);
        assertThat(n.can.hasNeighbour(NodeId.of(CRASHED))).as("taken back from the list").isTrue();

        talkUntil(n, start + LoneNode.CONFIG.deadAfterMillis() + PERIOD / 10, false);
        assertThat(n.can.hasNeighbour(NodeId.of(CRASHED)))
                .as("silent for %d periods and a tenth since its last message", LoneNode.CONFIG.deadAfterPeriods())
                .isFalse();
    }

    /**
     * Our node holds the left half; the right half is held by the node that crashes (lower quarter) and one
     * that keeps talking (upper quarter). {@code alive}: the first keeps talking too.
     */
    private static LoneNode run(boolean alive) {
        LoneNode n = new LoneNode(Point.of(0.1, 0.5), HALVES[0]);
        long start = n.sim.now();
        n.hear(CRASHED, 1, RIGHT[0]);
        talkUntil(n, start + 5 * PERIOD / 2, alive);
        assertThat(n.can.hasNeighbour(NodeId.of(CRASHED))).as("not yet presumed dead").isTrue();
        forgetAndBringBack(n, start, alive);
        talkUntil(n, start + 9 * PERIOD / 2, alive);
        return n;
    }

    /**
     * A joiner between us and the right half takes the half of our zone next to it, so the node that
     * crashed is no longer adjacent; then the joiner leaves and gives that half back, listing the crashed
     * node among its neighbours.
     */
    private static void forgetAndBringBack(LoneNode n, long start, boolean alive) {
        n.joinRequest(JOINER, Point.of(0.4, 0.5));
        assertThat(n.can.hasNeighbour(NodeId.of(CRASHED))).as("no longer adjacent").isFalse();
        talkUntil(n, n.sim.now() + PERIOD / 10, alive);

        // It leaves at once and gives that half back, listing its neighbours: the crashed node among them.
        Zone given = n.sentTo(JOINER, JoinAccept.class, start).get(0).zones()[0];
        NodeZones[] around = {new NodeZones(NodeId.of(CRASHED), 1, new Zone[] {RIGHT[0]}),
                new NodeZones(NodeId.of(TALKER), 1, new Zone[] {RIGHT[1]})};
        n.deliver(NodeId.of(JOINER), new ZoneHandoff(new Zone[] {given.reissued(given.epoch() + 1)}, around));
        assertThat(n.holds(HALVES[0])).as("our zone whole again").isTrue();
    }

    /** Until {@code until}, the upper-right node speaks four times a period, and the lower one too if alive. */
    private static void talkUntil(LoneNode n, long until, boolean alive) {
        while (n.sim.now() < until) {
            n.hear(TALKER, 1, RIGHT[1]);
            if (alive) {
                n.hear(CRASHED, 1, RIGHT[0]);
            }
            n.sim.runFor(PERIOD / 4);
        }
    }
}
