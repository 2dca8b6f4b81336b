package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A node's life: start, silent crash, graceful leave through the program, exit. */
public class NodeLifecycleTest {

    public record Ping(int n) implements Message {
    }

    public record Handover(long from) implements Message {
    }

    /**
     * Ticks every 10 ms and logs ticks and messages. Its leave hands over to node 0 and exits
     * {@code exitDelay} ms later (at once if 0), or never if negative.
     */
    static final class Worker implements NodeProgram {
        final NodeContext ctx;
        final long exitDelay;
        final List<String> log = new ArrayList<>();
        boolean started;

        Worker(NodeContext ctx, long exitDelay) {
            this.ctx = ctx;
            this.exitDelay = exitDelay;
        }

        @Override
        public void start() {
            started = true;
            log.add("start@" + ctx.now());
            tick();
        }

        private void tick() {
            ctx.schedule(10, () -> {
                log.add("tick@" + ctx.now());
                tick();
            });
        }

        @Override
        public void receive(NodeId from, Message message) {
            log.add((started ? "" : "before-start:") + message + "@" + ctx.now());
        }

        @Override
        public void leave() {
            log.add("leave@" + ctx.now());
            if (exitDelay < 0) {
                return;
            }
            ctx.send(NodeId.of(0), new Handover(ctx.self().value()));
            if (exitDelay == 0) {
                ctx.exit();
            } else {
                ctx.schedule(exitDelay, ctx::exit);
            }
        }
    }

    private final Simulation sim = new Simulation(SimulationConfig.defaults(41).withLatency(LatencyModel.constant(5)));

    private Worker worker(NodeId id) {
        return sim.program(id, Worker.class);
    }

    /** Node {@code from} pings node {@code to} every {@code period} ms from now, driven from outside. */
    private void pingEvery(NodeId from, NodeId to, long period, int count) {
        long start = sim.now();
        for (int i = 0; i < count; i++) {
            int n = i;
            sim.at(start + i * period, () -> worker(from).ctx.send(to, new Ping(n)));
        }
    }

    @Test
    void aCrashedNodeReceivesNothingAndItsTimersStop() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0));
        NodeId b = sim.addNode(ctx -> new Worker(ctx, 0));
        pingEvery(a, b, 7, 100);
        sim.runUntil(100);
        int before = worker(b).log.size();
        assertThat(worker(b).log).contains("tick@100", "Ping[n=13]@96");

        sim.crash(b);
        assertThat(sim.isAlive(b)).isFalse();
        assertThat(sim.liveCount()).isEqualTo(1);
        assertThat(sim.liveNodes()).containsExactly(a);
        sim.runFor(1_000);
        assertThat(worker(b).log).as("no tick and no message after the crash").hasSize(before);
        // Pings 14.. were sent after the crash (or still in flight): all dropped, none delivered.
        assertThat(sim.messagesDelivered()).isEqualTo(14);
        assertThat(sim.messagesDropped()).isEqualTo(100 - 14);
        assertThat(worker(a).log).last().isEqualTo("tick@1100");
    }

    @Test
    void aNodeCrashedBeforeStartingNeverStarts() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0), 50);
        sim.crash(a);
        sim.runFor(1_000);
        assertThat(worker(a).log).isEmpty();
        assertThat(sim.liveCount()).isZero();
    }

    @Test
    void crashingTwiceCountsOnce() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0));
        sim.addNode(ctx -> new Worker(ctx, 0));
        sim.crash(a);
        sim.crash(a);
        assertThat(sim.liveCount()).isEqualTo(1);
    }

    @Test
    void leaveRunsTheProgramsLeaveAsAnEventOfThatNodeAndStopsItAfterExit() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0));
        NodeId b = sim.addNode(ctx -> new Worker(ctx, 0));
        sim.runUntil(25);
        sim.requestLeave(b);
        // Requesting is not leaving: the program's leave runs when the simulation next runs.
        assertThat(worker(b).log).doesNotContain("leave@25");
        assertThat(sim.isAlive(b)).isTrue();

        sim.runFor(0);
        assertThat(worker(b).log).last().isEqualTo("leave@25");
        assertThat(sim.isAlive(b)).isFalse();
        assertThat(sim.liveCount()).isEqualTo(1);

        sim.runFor(1_000);
        assertThat(worker(b).log).last().as("its timers died with it").isEqualTo("leave@25");
        assertThat(worker(a).log).contains("Handover[from=1]@30");
    }

    @Test
    void aLeavingNodeStaysAliveUntilItExits() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0));
        NodeId b = sim.addNode(ctx -> new Worker(ctx, 100));
        sim.runUntil(25);
        sim.requestLeave(b);
        pingEvery(a, b, 20, 20);
        sim.runUntil(124);
        // Still handing over: alive, ticking and receiving.
        assertThat(sim.isAlive(b)).isTrue();
        assertThat(worker(b).log).contains("leave@25", "tick@120", "Ping[n=4]@110");

        sim.runUntil(125);
        assertThat(sim.isAlive(b)).as("exit() at 125 ms ends the node after that event").isFalse();
        int after = worker(b).log.size();
        sim.runFor(1_000);
        assertThat(worker(b).log).hasSize(after);
    }

    @Test
    void workQueuedInTheExitingEventDoesNotRun() {
        List<String> log = new ArrayList<>();
        NodeId a = sim.addNode(ctx -> new NodeProgram() {
            @Override
            public void start() {
            }

            @Override
            public void receive(NodeId from, Message message) {
            }

            @Override
            public void leave() {
                ctx.exit();
                ctx.schedule(0, () -> log.add("timer after exit"));
            }
        });
        sim.requestLeave(a);
        sim.runFor(100);
        assertThat(log).isEmpty();
        assertThat(sim.isAlive(a)).isFalse();
    }

    @Test
    void aProgramThatNeverExitsStaysAlive() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, -1));
        sim.requestLeave(a);
        sim.runFor(100);
        assertThat(worker(a).log).contains("leave@0", "tick@100");
        assertThat(sim.isAlive(a)).isTrue();
    }

    @Test
    void aCrashedNodeIsNotAskedToLeave() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0));
        sim.requestLeave(a);
        sim.crash(a);
        sim.runFor(100);
        assertThat(worker(a).log).isEmpty();
    }

    @Test
    void aNodeStartsAfterItsStartDelay() {
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0), 70);
        // Counted as live from the moment it is added, though its program has not started.
        assertThat(sim.isAlive(a)).isTrue();
        sim.runUntil(69);
        assertThat(worker(a).log).isEmpty();
        sim.runUntil(80);
        assertThat(worker(a).log).containsExactly("start@70", "tick@80");
    }

    @Test
    void aNodeReceivesNothingBeforeItHasStarted() {
        // The program contract: start() first, then receive(). A message that arrives before the
        // node is up is lost, as it would be on a real network.
        NodeId a = sim.addNode(ctx -> new Worker(ctx, 0));
        NodeId late = sim.addNode(ctx -> new Worker(ctx, 0), 100);
        sim.at(10, () -> worker(a).ctx.send(late, new Ping(1)));
        sim.at(100, () -> worker(a).ctx.send(late, new Ping(2)));
        sim.runFor(200);
        assertThat(worker(late).log).noneMatch(s -> s.startsWith("before-start"))
                .startsWith("start@100").contains("Ping[n=2]@105");
        assertThat(sim.messagesDropped()).isEqualTo(1);
        assertThat(sim.messagesDelivered()).isEqualTo(1);
    }

    @Test
    void nodesAreNumberedInTheOrderTheyAreAddedBeyondTheInitialCapacity() {
        List<NodeId> ids = IntStream.range(0, 1_500).mapToObj(i -> sim.addNode(ctx -> new Worker(ctx, 0))).toList();
        assertThat(ids).containsExactlyElementsOf(IntStream.range(0, 1_500).mapToObj(NodeId::of).toList());
        sim.runFor(0);
        assertThat(sim.nodeCount()).isEqualTo(1_500);
        assertThat(worker(NodeId.of(1_499)).started).isTrue();
    }

    @Test
    void randomLiveNodeOnlyPicksLiveNodes() {
        for (int i = 0; i < 100; i++) {
            sim.addNode(ctx -> new Worker(ctx, 0));
        }
        // Leave two live ones among many dead, so the fallback path is exercised too.
        for (int i = 0; i < 100; i++) {
            if (i != 17 && i != 83) {
                sim.crash(NodeId.of(i));
            }
        }
        long seed = 42;
        SplitMix64 rnd = new SplitMix64(seed);
        List<NodeId> picked = IntStream.range(0, 200).mapToObj(i -> sim.randomLiveNode(rnd)).toList();
        assertThat(picked).as("seed %d", seed).containsOnly(NodeId.of(17), NodeId.of(83));
        sim.crash(NodeId.of(17));
        sim.crash(NodeId.of(83));
        assertThatThrownBy(() -> sim.randomLiveNode(rnd)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void unknownNodesAreRejected() {
        assertThatThrownBy(() -> sim.crash(NodeId.of(3))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("n3");
        assertThat(sim.isAlive(NodeId.of(3))).isFalse();
        assertThat(sim.isAlive(NodeId.of(-1))).isFalse();
    }
}
