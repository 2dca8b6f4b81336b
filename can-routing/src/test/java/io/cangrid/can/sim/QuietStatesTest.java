package io.cangrid.can.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.message.NeighbourBeat;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.MessageObserver;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A node with nothing new to say sends its state only as a heartbeat; news goes out at once; a crashed
 * node is still noticed within the dead-after time; and any message of a neighbour keeps it alive.
 */
public class QuietStatesTest {

    private static final long PERIOD = 1_000;

    /** A higher layer's extension; its wire id is in the test catalog. */
    public record Extension(int value) implements Message {
    }

    private static CanSimulation grid(long seed, int heartbeatPeriods) {
        CanConfig config = CanConfig.withUpdatePeriod(PERIOD).withHeartbeat(heartbeatPeriods);
        return new CanSimulation(new Simulation(SimulationConfig.defaults(seed)), config, PointSource.uniform(3),
                new SplittableRandom(seed));
    }

    private static CanSimulation settled(long seed, int heartbeatPeriods, int nodes) {
        CanSimulation grid = grid(seed, heartbeatPeriods);
        for (int i = 0; i < nodes; i++) {
            grid.addNode();
            grid.simulation().runFor(5);
        }
        assertThat(grid.settle(40)).as("seed %d settles", seed).isGreaterThanOrEqualTo(0);
        grid.simulation().runFor(10 * PERIOD);
        return grid;
    }

    /** State messages (beats included) sent over {@code periods} update periods of a settled, idle grid. */
    private static long statesOver(CanSimulation grid, int periods) {
        AtomicLong states = new AtomicLong();
        grid.simulation().setMessageObserver(new MessageObserver() {
            @Override
            public void onSend(NodeId from, NodeId to, Message message, long now) {
                if (message instanceof NeighbourState || message instanceof NeighbourBeat) {
                    states.incrementAndGet();
                }
            }
        });
        grid.simulation().runFor(periods * PERIOD);
        grid.simulation().setMessageObserver(null);
        return states.get();
    }

    @Test
    void anIdleGridSendsItsStatesOnlyAsOftenAsTheHeartbeat() {
        long seed = 3;
        long everyPeriod = statesOver(settled(seed, 1, 60), 12);
        long everyOther = statesOver(settled(seed, 2, 60), 12);
        // Each node tells each neighbour once a period, or once every other period when nothing changed.
        assertThat(everyOther).as("seed %d: %d against %d", seed, everyOther, everyPeriod)
                .isBetween(everyPeriod * 4 / 10, everyPeriod * 6 / 10);
    }

    @Test
    void newsGoesOutAtOnceEvenInAQuietPeriod() {
        CanSimulation grid = settled(4, 2, 30);
        CanNode speaker = grid.randomActive();
        int[] value = {1};
        speaker.setStateExtension(() -> new Extension(value[0]));
        grid.simulation().runFor(3 * PERIOD);
        // Two changes a period apart: one of the two rounds that follow them would have been a quiet one.
        for (int change = 2; change <= 3; change++) {
            value[0] = change;
            grid.simulation().runFor(PERIOD);
            for (NeighbourEntry e : speaker.neighbours()) {
                assertThat(entryOf(grid.node(e.id()), speaker.id()).lastState().extension())
                        .as("change %d a period later at %s", change, e.id()).isEqualTo(new Extension(change));
            }
        }
    }

    private static NeighbourEntry entryOf(CanNode holder, NodeId id) {
        return holder.neighbours().stream().filter(n -> n.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aCrashedNodeIsStillNoticedAndItsSpaceTakenOver() {
        long seed = 5;
        CanSimulation grid = settled(seed, 2, 40);
        CanNode victim = grid.randomActive();
        grid.crash(victim.id());
        long crashedAt = grid.simulation().now();
        long deadline = crashedAt + 20 * PERIOD;
        boolean noticed = grid.simulation().runUntil(() -> grid.activeNodes().stream()
                .noneMatch(n -> grid.simulation().isAlive(n.id()) && n.hasNeighbour(victim.id())), deadline);
        assertThat(noticed).isTrue();
        double periods = (grid.simulation().now() - crashedAt) / (double) PERIOD;
        // Silence of more than dead-after periods, checked once a period.
        assertThat(periods).isLessThanOrEqualTo(CanConfig.DEFAULT_DEAD_AFTER_PERIODS + 1.0);
        assertThat(grid.settle(40)).isGreaterThanOrEqualTo(0);
        OverlayInspector.Report r = grid.inspect();
        assertThat(r.settled()).as(r.describe()).isTrue();
        assertThat(r.nodes()).isEqualTo(39);
    }

    @Test
    void anyMessageFromANeighbourKeepsItAlive() {
        CanSimulation grid = settled(6, 2, 20);
        CanNode listener = grid.randomActive();
        CanNode sender = grid.node(listener.neighbours().get(0).id());
        // The sender's next state is a period or two away; its route to the listener's point is not.
        long[] heard = new long[2];
        grid.simulation().runUntil(() -> {
            heard[0] = entryOf(listener, sender.id()).silentFor(grid.simulation().now());
            return heard[0] > PERIOD / 2;
        }, grid.simulation().now() + 3 * PERIOD);
        long sentAt = grid.simulation().now();
        sender.route(listener.point(), new Extension(7));
        grid.simulation().runUntil(() -> entryOf(listener, sender.id()).silentFor(grid.simulation().now())
                < grid.simulation().now() - sentAt + 1, sentAt + PERIOD / 4);
        long after = entryOf(listener, sender.id()).silentFor(grid.simulation().now());
        assertThat(grid.simulation().now()).as("silent for %d ms, then routed to", heard[0])
                .isLessThan(sentAt + PERIOD / 4);
        assertThat(after).isLessThan(PERIOD / 4);
    }
}
