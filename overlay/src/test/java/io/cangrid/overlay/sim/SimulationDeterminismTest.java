package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Same seed and same inputs must give the same run, event for event: that is what makes a failing
 * simulation reproducible from its seed. The workload is gossip with random peers, random periods,
 * random latency, message loss, a crash, a graceful leave and a partition, so every source of randomness
 * in the runtime takes part.
 */
public class SimulationDeterminismTest {

    static final int NODES = 50;

    public record Rumor(long origin, int round, int hops) implements Message {
    }

    public record Farewell(long origin) implements Message {
    }

    /** One delivery or one send, as seen from outside; two runs are equal iff their traces are. */
    record Event(String kind, long time, long from, long to, Message payload) {
    }

    /** Gossips a new rumour every 100-200 ms for 20 rounds and forwards what it hears, at random. */
    static final class Gossiper implements NodeProgram {
        private final NodeContext ctx;
        private final List<Event> trace;
        private int round;

        Gossiper(NodeContext ctx, List<Event> trace) {
            this.ctx = ctx;
            this.trace = trace;
        }

        @Override
        public void start() {
            ctx.schedule(ctx.random().nextLong(200), this::gossip);
        }

        private void gossip() {
            round++;
            ctx.send(randomPeer(), new Rumor(ctx.self().value(), round, 0));
            if (round < 20) {
                ctx.schedule(100 + ctx.random().nextLong(100), this::gossip);
            }
        }

        @Override
        public void receive(NodeId from, Message message) {
            trace.add(new Event("deliver", ctx.now(), from.value(), ctx.self().value(), message));
            if (message instanceof Rumor r && r.hops() < 3 && ctx.random().nextDouble() < 0.5) {
                ctx.send(randomPeer(), new Rumor(r.origin(), r.round(), r.hops() + 1));
            }
        }

        @Override
        public void leave() {
            ctx.send(randomPeer(), new Farewell(ctx.self().value()));
            ctx.exit();
        }

        private NodeId randomPeer() {
            long peer;
            do {
                peer = ctx.random().nextInt(NODES);
            } while (peer == ctx.self().value());
            return NodeId.of(peer);
        }
    }

    /** Everything observable about one run. */
    record Run(List<Event> trace, long sent, long delivered, long dropped, long events, List<NodeId> live) {
    }

    static Run gossip(long seed) {
        List<Event> trace = new ArrayList<>();
        Simulation sim = new Simulation(new SimulationConfig(seed, LatencyModel.exponential(30), 0.05));
        sim.setMessageObserver((from, to, message, now) ->
                trace.add(new Event("send", now, from.value(), to.value(), message)));
        for (int i = 0; i < NODES; i++) {
            sim.addNode(ctx -> new Gossiper(ctx, trace), i * 3L);
        }
        // Driver inputs are part of "the same inputs": they must replay identically too.
        sim.at(1_000, () -> sim.crash(NodeId.of(7)));
        sim.at(1_500, () -> sim.requestLeave(NodeId.of(13)));
        Set<NodeId> half = LongStream.range(0, NODES / 2).mapToObj(NodeId::of).collect(Collectors.toSet());
        sim.at(2_000, () -> sim.partition(List.of(half)));
        sim.at(3_000, sim::heal);
        sim.runFor(6_000);
        return new Run(trace, sim.messagesSent(), sim.messagesDelivered(), sim.messagesDropped(),
                sim.eventsProcessed(), sim.liveNodes());
    }

    @Test
    void sameSeedGivesTheSameTraceEventForEvent() {
        long seed = 0x5EED_0001L;
        Run first = gossip(seed);
        Run second = gossip(seed);

        // A trivially small trace would make the comparison meaningless.
        assertThat(first.trace()).as("seed %d", seed).hasSizeGreaterThan(2_000);
        assertThat(first.dropped()).as("seed %d: loss and faults took part", seed).isPositive();
        assertThat(second.trace()).as("seed %d", seed).containsExactlyElementsOf(first.trace());
        assertThat(second).as("seed %d", seed).isEqualTo(first);
    }

    @Test
    void differentSeedGivesADifferentTrace() {
        long seed = 0x5EED_0001L;
        Run a = gossip(seed);
        Run b = gossip(seed + 1);
        assertThat(b.trace()).as("seeds %d and %d", seed, seed + 1).isNotEqualTo(a.trace());
    }

    @Test
    void faultInputsTakeEffectInTheGossipRun() {
        long seed = 0x5EED_0002L;
        Run run = gossip(seed);
        assertThat(run.live()).as("seed %d", seed)
                .hasSize(NODES - 2)
                .doesNotContain(NodeId.of(7), NodeId.of(13));
        // The crashed node hears nothing after its crash; the leaving node announced its leave once.
        assertThat(run.trace()).as("seed %d", seed)
                .noneMatch(e -> e.kind().equals("deliver") && e.to() == 7 && e.time() > 1_000)
                .filteredOn(e -> e.kind().equals("send") && e.payload() instanceof Farewell)
                .singleElement()
                .satisfies(e -> assertThat(e.time()).isEqualTo(1_500));
        assertThat(run.sent()).as("seed %d: every message is delivered or dropped", seed)
                .isEqualTo(run.delivered() + run.dropped());
    }

    /** Node 0 sends a fixed series of messages: no node randomness, so only the network's can vary. */
    static List<Long> arrivalTimes(long seed) {
        List<Long> arrivals = new ArrayList<>();
        Simulation sim = new Simulation(new SimulationConfig(seed, LatencyModel.uniform(0, 1_000), 0.2));
        sim.addNode(ctx -> new Draw(ctx, 0) {
            @Override
            public void start() {
                for (int i = 0; i < 100; i++) {
                    ctx.send(NodeId.of(1), new Rumor(0, i, 0));
                }
            }
        });
        sim.addNode(ctx -> new Draw(ctx, 0) {
            @Override
            public void receive(NodeId from, Message message) {
                arrivals.add(ctx.now());
            }
        });
        sim.runFor(2_000);
        return arrivals;
    }

    @Test
    void theNetworksLatencyAndLossFollowTheSeed() {
        long seed = 77;
        assertThat(arrivalTimes(seed)).as("seed %d", seed).isEqualTo(arrivalTimes(seed)).hasSizeBetween(60, 95);
        assertThat(arrivalTimes(seed + 1)).as("seeds %d and %d", seed, seed + 1).isNotEqualTo(arrivalTimes(seed));
    }

    /** Draws a few values from a node's random source the moment it starts. */
    static class Draw implements NodeProgram {
        final NodeContext ctx;
        final int draws;
        long last;

        Draw(NodeContext ctx, int draws) {
            this.ctx = ctx;
            this.draws = draws;
        }

        @Override
        public void start() {
            for (int i = 0; i < draws; i++) {
                last = ctx.random().nextLong();
            }
        }

        @Override
        public void receive(NodeId from, Message message) {
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    @Test
    void aNodesRandomStreamDependsOnlyOnTheSeedAndItsNumber() {
        long seed = 99;
        // Node 0 draws a different amount in each run; node 1's first value must not notice.
        Simulation a = new Simulation(SimulationConfig.defaults(seed));
        a.addNode(ctx -> new Draw(ctx, 1));
        NodeId inA = a.addNode(ctx -> new Draw(ctx, 1));
        a.runFor(0);
        Simulation b = new Simulation(SimulationConfig.defaults(seed));
        b.addNode(ctx -> new Draw(ctx, 1_000));
        NodeId inB = b.addNode(ctx -> new Draw(ctx, 1));
        b.runFor(0);

        long expected = new SplitMix64(SplitMix64.derive(seed, 1)).nextLong();
        assertThat(a.program(inA, Draw.class).last).as("seed %d", seed).isEqualTo(expected);
        assertThat(b.program(inB, Draw.class).last).as("seed %d", seed).isEqualTo(expected);
        assertThat(a.program(NodeId.of(0), Draw.class).last).as("seed %d: nodes have distinct streams", seed)
                .isNotEqualTo(expected);
    }
}
