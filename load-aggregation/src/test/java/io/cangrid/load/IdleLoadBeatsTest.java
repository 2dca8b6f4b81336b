package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.message.NeighbourBeat;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobNode;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.overlay.NodeId;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A job grid with nothing to do publishes the same load aggregates round after round: its nodes send beats,
 * not whole states, and every node still reads each neighbour's loads exactly as that neighbour publishes
 * them. A node whose queue changes sends its whole state again, and its neighbours read the change.
 */
class IdleLoadBeatsTest {

    private static final long SEED = 17;
    private static final int NODES = 30;

    @Test
    void anIdleJobGridBeatsAndEveryLoadIsStillReadExactly() {
        LoadGrid grid = new LoadGrid(SEED, CanPConfig.withStoppingFactor(2));
        grid.grow(NODES, LoadGrid.Population.UNIFORM, 40);
        assertThat(grid.settle(60)).as("seed %d: overlay settles: %s", SEED, grid.inspect().describe()).isTrue();
        grid.sim.runFor(10 * grid.updatePeriod());

        AtomicBoolean counting = new AtomicBoolean(true);
        AtomicLong states = new AtomicLong();
        AtomicLong beats = new AtomicLong();
        grid.onSend(sent -> {
            if (!counting.get()) {
                return;
            }
            if (sent.message() instanceof NeighbourState) {
                states.incrementAndGet();
            } else if (sent.message() instanceof NeighbourBeat) {
                beats.incrementAndGet();
            }
        });
        grid.sim.runFor(3 * grid.updatePeriod());
        counting.set(false);

        // A new base of a list now and then still goes whole to a neighbour that lacks it.
        assertThat(beats.get()).as("seed %d: beats over three idle periods (%d states)", SEED, states.get())
                .isGreaterThan(10 * states.get());
        assertLoadsReadExactly(grid);

        grid.submitEndless(NODES);
        assertThat(grid.runUntilAllQueued(NODES, 60_000)).as("seed %d: every job queued", SEED).isTrue();
        grid.sim.runFor(2 * grid.updatePeriod());
        Map<NodeId, Integer> queues = new HashMap<>();
        for (JobNode<CanOverlay> n : grid.active()) {
            queues.put(n.overlay().can().id(), n.agent().queue().length());
        }
        for (CanNode holder : grid.activeCans()) {
            for (NeighbourEntry e : holder.neighbours()) {
                assertThat(JobLoad.of(e.lastState().extension()).queueLength())
                        .as("seed %d: %s reads the queue of %s", SEED, holder.id(), e.id())
                        .isEqualTo(queues.get(e.id()));
            }
        }
    }

    /** Every node holds, for each neighbour, the very loads that neighbour publishes now. */
    private static void assertLoadsReadExactly(LoadGrid grid) {
        Map<NodeId, LoadState> published = new HashMap<>();
        for (JobNode<CanOverlay> n : grid.active()) {
            published.put(n.overlay().can().id(), LoadGrid.loadsOf(n));
        }
        for (CanNode holder : grid.activeCans()) {
            for (NeighbourEntry e : holder.neighbours()) {
                assertThat(e.lastState().extension()).as("seed %d: %s reads the loads of %s", SEED, holder.id(), e.id())
                        .isEqualTo(published.get(e.id()));
            }
        }
    }
}
