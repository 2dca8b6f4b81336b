package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.message.ListRequest;
import io.cangrid.can.message.NeighbourBeat;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.can.sim.QuietStatesTest;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.MessageObserver;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A settled node's rounds are beats, not states: they keep its neighbours' view of it exact, a new base of
 * its list is made in place rather than sent whole, and a neighbour that cannot place a beat gets the whole
 * state.
 */
class NeighbourBeatTest {

    private static final long PERIOD = 1_000;

    /** What was sent over a stretch of time, by kind. */
    private static final class Sent implements MessageObserver {
        long states;
        long bases;
        long beats;
        final List<String> listRequests = new ArrayList<>();
        final List<String> basesTo = new ArrayList<>();

        @Override
        public void onSend(NodeId from, NodeId to, Message message, long now) {
            if (message instanceof NeighbourState s) {
                states++;
                if (s.carriesList()) {
                    bases++;
                    basesTo.add(from + "->" + to);
                }
            } else if (message instanceof NeighbourBeat) {
                beats++;
            } else if (message instanceof ListRequest) {
                listRequests.add(from + "->" + to);
            }
        }
    }

    private static CanSimulation settled(long seed, int nodes) {
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)),
                CanConfig.withUpdatePeriod(PERIOD), PointSource.uniform(3), new SplittableRandom(seed));
        for (int i = 0; i < nodes; i++) {
            grid.addNode();
            grid.simulation().runFor(5);
        }
        assertThat(grid.settle(40)).as("seed %d settles", seed).isGreaterThanOrEqualTo(0);
        return grid;
    }

    private static Sent over(CanSimulation grid, long millis) {
        Sent sent = new Sent();
        grid.simulation().setMessageObserver(sent);
        grid.simulation().runFor(millis);
        grid.simulation().setMessageObserver(null);
        return sent;
    }

    /** Every node's view of each neighbour's list is that neighbour's list: the same nodes, the same claims. */
    private static void assertListsHeldExactly(CanSimulation grid, long seed) {
        for (CanNode holder : grid.activeNodes()) {
            for (NeighbourEntry e : holder.neighbours()) {
                CanNode owner = grid.node(e.id());
                TreeSet<String> own = new TreeSet<>();
                for (NeighbourEntry o : owner.neighbours()) {
                    own.add(o.id() + "@" + o.version());
                }
                TreeSet<String> held = new TreeSet<>();
                for (NodeZones c : e.listed()) {
                    held.add(c.node() + "@" + c.version());
                }
                assertThat(held).as("seed %d: %s's list as %s holds it", seed, owner.id(), holder.id())
                        .isEqualTo(own);
            }
        }
    }

    @Test
    void aSettledGridBeatsAndMakesItsNewBasesInPlace() {
        long seed = 7;
        CanSimulation grid = settled(seed, 60);
        grid.simulation().runFor(2 * PERIOD);
        // Long enough for every node's list to become its base again, twice over.
        Sent sent = over(grid, 2L * CanNode.FULL_LIST_EVERY * PERIOD);
        assertThat(sent.beats).as("seed %d: beats against %d states", seed, sent.states)
                .isGreaterThan(20 * sent.states);
        assertThat(sent.basesTo).as("seed %d: whole lists sent", seed).isEmpty();
        assertThat(sent.listRequests).as("seed %d: beats that could not be placed", seed).isEmpty();
        OverlayInspector.Report r = grid.inspect();
        assertThat(r.settled()).as(r.describe()).isTrue();
        assertListsHeldExactly(grid, seed);
    }

    @Test
    void listsChangedAfterABaseMadeInPlaceAreReadExactly() {
        long seed = 11;
        CanSimulation grid = settled(seed, 50);
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int round = 0; round < 4; round++) {
            // Bases made in place, then changes to them: crashes, takeovers, a join.
            grid.simulation().runFor(2L * CanNode.FULL_LIST_EVERY * PERIOD);
            for (int k = 0; k < 2; k++) {
                List<CanNode> active = grid.activeNodes();
                grid.crash(active.get(rnd.nextInt(active.size())).id());
            }
            grid.addNode();
            assertThat(grid.settle(40)).as("seed %d, round %d settles", seed, round).isGreaterThanOrEqualTo(0);
            grid.simulation().runFor(2 * PERIOD);
            assertListsHeldExactly(grid, seed);
        }
    }

    @Test
    void aBeatTheReceiverCannotPlaceBringsTheWholeStateAndNothingElse() {
        long seed = 13;
        CanSimulation grid = settled(seed, 40);
        grid.simulation().runFor(2 * PERIOD);
        CanNode sender = grid.activeNodes().get(0);
        CanNode stranger = grid.activeNodes().stream()
                .filter(n -> n != sender && !n.hasNeighbour(sender.id()) && !sender.hasNeighbour(n.id()))
                .findFirst().orElseThrow();
        Sent sent = new Sent();
        grid.simulation().setMessageObserver(sent);
        sender.ctx().send(stranger.id(), new NeighbourBeat(sender.version(), 0, 0, NeighbourBeat.NO_WORLD, 0, 1));
        grid.simulation().runFor(PERIOD / 2);
        grid.simulation().setMessageObserver(null);
        assertThat(sent.listRequests).contains(stranger.id() + "->" + sender.id());
        assertThat(sent.basesTo).contains(sender.id() + "->" + stranger.id());
        assertThat(stranger.hasNeighbour(sender.id())).as("seed %d: a node not adjacent stays out", seed).isFalse();
        OverlayInspector.Report r = grid.inspect();
        assertThat(r.settled()).as(r.describe()).isTrue();
    }

    @Test
    void aStateOvertakenInFlightIsNotKeptByTheBeatsThatFollow() {
        long seed = 17;
        CanSimulation grid = settled(seed, 30);
        grid.simulation().runFor(2 * PERIOD);
        CanNode sender = grid.activeNodes().get(0);
        CanNode receiver = grid.node(sender.neighbours().get(0).id());
        NeighbourState now = entryOf(receiver, sender.id()).lastState();
        // An earlier state of the sender, with another extension, arriving after the later ones.
        NeighbourState late = now.withExtension(new QuietStatesTest.Extension(9)).withSerial(now.serial() - 1);
        sender.ctx().send(receiver.id(), late);
        grid.simulation().runFor(PERIOD / 10);
        assertThat(entryOf(receiver, sender.id()).lastState().extension())
                .isEqualTo(new QuietStatesTest.Extension(9));
        grid.simulation().runFor(2 * PERIOD);
        assertThat(entryOf(receiver, sender.id()).lastState().extension())
                .as("seed %d: the receiver holds the sender's state as it is", seed).isNull();
    }

    private static NeighbourEntry entryOf(CanNode holder, NodeId id) {
        return holder.neighbours().stream().filter(n -> n.id().equals(id)).findFirst().orElseThrow();
    }
}
