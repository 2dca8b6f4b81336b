package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Random message loss, and the sent / delivered / dropped counters that account for every message. */
public class MessageLossTest {

    private static final int MESSAGES = 10_000;

    public record Datagram(int n) implements Message {
    }

    /** Node 0 sends {@code MESSAGES} datagrams to {@code target}, one per millisecond; everyone counts arrivals. */
    static final class Blaster implements NodeProgram {
        final NodeContext ctx;
        final NodeId target;
        int received;

        Blaster(NodeContext ctx, NodeId target) {
            this.ctx = ctx;
            this.target = target;
        }

        @Override
        public void start() {
            if (ctx.self().value() == 0) {
                for (int i = 0; i < MESSAGES; i++) {
                    int n = i;
                    ctx.schedule(i, () -> ctx.send(target, new Datagram(n)));
                }
            }
        }

        @Override
        public void receive(NodeId from, Message message) {
            received++;
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    /** Outcome of blasting under one loss probability. */
    record Outcome(long sent, long delivered, long dropped, long received, long observed) {
        double dropRate() {
            return dropped / (double) sent;
        }
    }

    private static Outcome blast(long seed, double p) {
        Simulation sim = new Simulation(new SimulationConfig(seed, LatencyModel.uniform(1, 100), p));
        AtomicLong observed = new AtomicLong();
        sim.setMessageObserver((from, to, m, now) -> observed.incrementAndGet());
        sim.addNode(ctx -> new Blaster(ctx, NodeId.of(1)));
        NodeId receiver = sim.addNode(ctx -> new Blaster(ctx, NodeId.of(0)));
        sim.runFor(MESSAGES + 1_000);
        assertThat(sim.isIdle()).as("seed %d p %s: everything in flight has landed", seed, p).isTrue();
        return new Outcome(sim.messagesSent(), sim.messagesDelivered(), sim.messagesDropped(),
                sim.program(receiver, Blaster.class).received, observed.get());
    }

    @Test
    void noLossDeliversEverything() {
        long seed = 21;
        Outcome o = blast(seed, 0.0);
        assertThat(o).as("seed %d", seed).isEqualTo(new Outcome(MESSAGES, MESSAGES, 0, MESSAGES, MESSAGES));
    }

    @Test
    void certainLossDeliversNothing() {
        long seed = 22;
        Outcome o = blast(seed, 1.0);
        assertThat(o).as("seed %d", seed).isEqualTo(new Outcome(MESSAGES, 0, MESSAGES, 0, MESSAGES));
    }

    @Test
    void partialLossDropsAboutThatShareAndTheCountersAgree() {
        long seed = 23;
        Outcome o = blast(seed, 0.3);
        // Binomial(10k, 0.3) has a standard deviation of ~0.0046 in the rate; 0.02 is over 4 sigma.
        assertThat(o.dropRate()).as("seed %d: %s", seed, o).isCloseTo(0.3, within(0.02));
        assertThat(o.sent()).as("seed %d: %s", seed, o).isEqualTo(MESSAGES).isEqualTo(o.observed())
                .isEqualTo(o.delivered() + o.dropped());
        assertThat(o.received()).as("seed %d: %s", seed, o).isEqualTo(o.delivered());
    }

    @Test
    void lossIsPartOfTheSeededRun() {
        long seed = 24;
        assertThat(blast(seed, 0.3)).as("seed %d", seed).isEqualTo(blast(seed, 0.3));
    }

    @Test
    void lossCanBeChangedWhileRunning() {
        long seed = 25;
        Simulation sim = new Simulation(new SimulationConfig(seed, LatencyModel.constant(1), 0.0));
        sim.addNode(ctx -> new Blaster(ctx, NodeId.of(1)));
        NodeId receiver = sim.addNode(ctx -> new Blaster(ctx, NodeId.of(0)));
        // Datagram i is sent at i ms: the first half is lossless, the second half all lost.
        sim.at(MESSAGES / 2, () -> sim.setDropProbability(1.0));
        sim.runFor(2L * MESSAGES);
        assertThat(sim.program(receiver, Blaster.class).received).as("seed %d", seed).isEqualTo(MESSAGES / 2);
        assertThat(sim.messagesDropped()).as("seed %d", seed).isEqualTo(MESSAGES / 2);
    }

    @Test
    void impossibleLossProbabilitiesAreRejected() {
        Simulation sim = new Simulation(SimulationConfig.defaults(1));
        for (double p : new double[] {-0.1, 1.1, Double.NaN}) {
            assertThatThrownBy(() -> sim.setDropProbability(p)).as("p = %s", p)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1]");
        }
    }

    @Test
    void aMessageToANodeThatDoesNotExistIsCountedAsDropped() {
        Simulation sim = new Simulation(SimulationConfig.defaults(26));
        sim.addNode(ctx -> new NodeProgram() {
            @Override
            public void start() {
                ctx.send(NodeId.of(5), new Datagram(0));
                ctx.send(NodeId.of(-1), new Datagram(1));
            }

            @Override
            public void receive(NodeId from, Message message) {
            }

            @Override
            public void leave() {
                ctx.exit();
            }
        });
        sim.runFor(1_000);
        assertThat(sim.messagesSent()).isEqualTo(2);
        assertThat(sim.messagesDropped()).isEqualTo(2);
        assertThat(sim.messagesDelivered()).isZero();
    }
}
