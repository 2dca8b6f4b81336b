package io.cangrid.bench.engine;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.runtime.GridRuntime;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.WireMode;
import java.lang.management.ManagementFactory;

/**
 * The engine alone, the way PeerSim's event engine is usually measured: many nodes, each waking once a
 * virtual second (at a random phase) to send one small message to a random node. Reports events per
 * second of wall time and the heap an idle node costs.
 */
public final class EngineBenchmark {

    /** What one run measured. */
    public record Result(int nodes, long events, double wallSeconds, double eventsPerSecond, double heapBytesPerNode) {
    }

    /** The benchmark's only message; public so that the kernel's catalog can give it a wire id. */
    public record Ping() implements Message {
    }

    private static final Ping PING = new Ping();
    private static final long PERIOD_MILLIS = 1_000;

    /** One node's whole behaviour: a periodic timer and a message to a random peer. */
    private static final class Pinger implements NodeProgram {
        private final NodeContext ctx;
        private final NodeId[] peers;

        Pinger(NodeContext ctx, NodeId[] peers) {
            this.ctx = ctx;
            this.peers = peers;
        }

        @Override
        public void start() {
            ctx.schedule(ctx.random().nextLong(PERIOD_MILLIS), this::tick);
        }

        private void tick() {
            ctx.send(peers[ctx.random().nextInt(peers.length)], PING);
            ctx.schedule(PERIOD_MILLIS, this::tick);
        }

        @Override
        public void receive(NodeId from, Message message) {
            // Receiving is the event being measured; there is nothing to do with it.
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    private EngineBenchmark() {
    }

    public static Result run(int nodes, long eventsTarget, long seed) {
        if (nodes < 1 || eventsTarget < 1) {
            throw new IllegalArgumentException("need at least one node and one event");
        }
        long before = usedHeap();
        // The engine alone is measured: messages pass as they are, whatever the JVM's wire default.
        Simulation sim = new Simulation(SimulationConfig.defaults(seed).withWire(WireMode.DIRECT));
        populate(sim, nodes);
        sim.runFor(0);
        long after = usedHeap();
        double perNode = (after - before) / (double) nodes;

        // Each node makes two events per period (its timer and the message it sends).
        long periods = Math.max(1, eventsTarget / (2L * nodes));
        long start = System.nanoTime();
        long eventsBefore = sim.eventsProcessed();
        sim.runFor(periods * PERIOD_MILLIS);
        double wall = (System.nanoTime() - start) / 1e9;
        long events = sim.eventsProcessed() - eventsBefore;
        return new Result(nodes, events, wall, events / wall, perNode);
    }

    /**
     * Adds {@code nodes} pinging nodes to {@code runtime}, each knowing all the others: the population the
     * benchmark measures, on any runtime (PeerSim's binding runs the same one). Each node makes two events
     * a virtual second, its timer and the message it sends.
     */
    public static void populate(GridRuntime runtime, int nodes) {
        NodeId[] peers = new NodeId[nodes];
        for (int i = 0; i < nodes; i++) {
            peers[i] = runtime.addNode(ctx -> new Pinger(ctx, peers));
        }
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
