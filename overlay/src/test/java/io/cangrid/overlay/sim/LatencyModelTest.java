package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** Latency models: their distributions, their argument checks, and the text form the CLI accepts. */
public class LatencyModelTest {

    private static final String HINT = "expected constant:MS, uniform:MIN-MAX or exponential:MEAN";

    @Test
    void constantAlwaysGivesItsValue() {
        SplitMix64 rng = new SplitMix64(1);
        LatencyModel m = LatencyModel.constant(37);
        assertThat(LongStream.range(0, 1_000).map(i -> m.sampleMillis(rng))).containsOnly(37L);
        assertThat(LatencyModel.constant(0).sampleMillis(rng)).isZero();
    }

    @Test
    void uniformStaysWithinItsBoundsAndReachesBoth() {
        long seed = 2;
        SplitMix64 rng = new SplitMix64(seed);
        LatencyModel m = LatencyModel.uniform(3, 7);
        Set<Long> seen = new TreeSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(m.sampleMillis(rng));
        }
        // Bounds are inclusive: every value 3..7 shows up, nothing else does.
        assertThat(seen).as("seed %d", seed).containsExactly(3L, 4L, 5L, 6L, 7L);
    }

    @Test
    void uniformOverASingleValueIsThatValue() {
        assertThat(LatencyModel.uniform(9, 9).sampleMillis(new SplitMix64(0))).isEqualTo(9);
    }

    @Test
    void exponentialHasTheConfiguredMeanAndShape() {
        long seed = 0xE4_0001L;
        SplitMix64 rng = new SplitMix64(seed);
        double mean = 50;
        LatencyModel m = LatencyModel.exponential(mean);
        int n = 200_000;
        long sum = 0;
        long min = Long.MAX_VALUE;
        int aboveMean = 0;
        for (int i = 0; i < n; i++) {
            long s = m.sampleMillis(rng);
            sum += s;
            min = Math.min(min, s);
            if (s > mean) {
                aboveMean++;
            }
        }
        assertThat(min).as("seed %d", seed).isNotNegative();
        // Standard error of the mean is 50/sqrt(200k) ~ 0.11 ms; 0.75 ms is ~7 sigma.
        assertThat(sum / (double) n).as("seed %d: sample mean", seed).isCloseTo(mean, within(0.75));
        // P(X > mean) = 1/e for an exponential: tells it apart from, say, a uniform with the same mean.
        assertThat(aboveMean / (double) n).as("seed %d: share above the mean", seed)
                .isCloseTo(Math.exp(-1), within(0.01));
    }

    @Test
    void constructorsRejectImpossibleParameters() {
        assertThatThrownBy(() -> LatencyModel.constant(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> LatencyModel.uniform(5, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("5-4");
        assertThatThrownBy(() -> LatencyModel.uniform(-1, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("min");
        for (double bad : new double[] {0, -3, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> LatencyModel.exponential(bad))
                    .as("mean %s", bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive mean");
        }
    }

    @Test
    void parsesEachForm() {
        SplitMix64 rng = new SplitMix64(4);
        assertThat(LatencyModel.parse("constant:20").sampleMillis(rng)).isEqualTo(20);
        assertThat(LatencyModel.parse("constant:20")).hasToString("constant:20");
        assertThat(LatencyModel.parse("uniform:10-90")).hasToString("uniform:10-90");
        assertThat(LatencyModel.parse("exponential:50")).hasToString("exponential:50.0");
        assertThat(LatencyModel.parse("exponential:12.5")).hasToString("exponential:12.5");
    }

    @Test
    void parsingIgnoresCaseAndSpaces() {
        assertThat(LatencyModel.parse("  Uniform: 10 - 90 ")).hasToString("uniform:10-90");
        assertThat(LatencyModel.parse("CONSTANT: 5")).hasToString("constant:5");
    }

    @Test
    void parsedUniformSamplesWithinItsBounds() {
        LatencyModel m = LatencyModel.parse("uniform:10-90");
        SplitMix64 rng = new SplitMix64(5);
        assertThat(LongStream.range(0, 5_000).map(i -> m.sampleMillis(rng))).allSatisfy(
                s -> assertThat(s).isBetween(10L, 90L));
    }

    @Test
    void theTextFormParsesBackToTheSameModel() {
        for (LatencyModel m : List.of(LatencyModel.constant(7), LatencyModel.uniform(1, 30),
                LatencyModel.exponential(42.5))) {
            LatencyModel back = LatencyModel.parse(m.toString());
            assertThat(back).hasToString(m.toString());
            // Same text, same samples from the same stream.
            SplitMix64 a = new SplitMix64(6);
            SplitMix64 b = new SplitMix64(6);
            for (int i = 0; i < 100; i++) {
                assertThat(back.sampleMillis(b)).as("%s sample %d", m, i).isEqualTo(m.sampleMillis(a));
            }
        }
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"constant", "constant:", "constant:abc", "constant:1.5", "uniform:10", "uniform:a-b",
            "uniform:1-2-3", "uniform:-5-10", "exponential:x", "exponential:", "gaussian:5", "20", ":20"})
    void malformedTextIsRejectedWithTheAcceptedForms(String text) {
        assertThatThrownBy(() -> LatencyModel.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(HINT)
                .hasMessageContaining("'" + text + "'");
    }

    @Test
    void wellFormedButImpossibleValuesAreRejectedWithTheReason() {
        assertThatThrownBy(() -> LatencyModel.parse("constant:-5"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(">= 0");
        assertThatThrownBy(() -> LatencyModel.parse("uniform:90-10"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("min <= max");
        assertThatThrownBy(() -> LatencyModel.parse("exponential:0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive mean");
    }

    // ---- the models inside a running simulation -----------------------------------------------------

    public record Probe(long sentAt) implements Message {
    }

    /** Sends {@code count} probes to node 1 at start; node 1 records each probe's travel time. */
    static final class Prober implements NodeProgram {
        final NodeContext ctx;
        final int count;
        final List<Long> delays = new ArrayList<>();

        Prober(NodeContext ctx, int count) {
            this.ctx = ctx;
            this.count = count;
        }

        @Override
        public void start() {
            for (int i = 0; i < count; i++) {
                ctx.schedule(i, () -> ctx.send(NodeId.of(1), new Probe(ctx.now())));
            }
        }

        @Override
        public void receive(NodeId from, Message message) {
            delays.add(ctx.now() - ((Probe) message).sentAt());
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    private static List<Long> delaysUnder(LatencyModel model, long seed) {
        Simulation sim = new Simulation(SimulationConfig.defaults(seed).withLatency(model));
        sim.addNode(ctx -> new Prober(ctx, 2_000));
        NodeId receiver = sim.addNode(ctx -> new Prober(ctx, 0));
        sim.runFor(100_000);
        return sim.program(receiver, Prober.class).delays;
    }

    @Test
    void theSimulationDelaysMessagesByTheConfiguredModel() {
        long seed = 8;
        assertThat(delaysUnder(LatencyModel.constant(37), seed)).as("seed %d", seed)
                .hasSize(2_000).containsOnly(37L);
        List<Long> uniform = delaysUnder(LatencyModel.uniform(10, 20), seed);
        assertThat(uniform).as("seed %d", seed).hasSize(2_000).allSatisfy(d -> assertThat(d).isBetween(10L, 20L));
        assertThat(new TreeSet<>(uniform)).as("seed %d", seed).hasSize(11);
        double mean = delaysUnder(LatencyModel.exponential(40), seed).stream().mapToLong(Long::longValue)
                .average().orElseThrow();
        // 2,000 samples: standard error 40/sqrt(2000) ~ 0.9 ms.
        assertThat(mean).as("seed %d", seed).isCloseTo(40, within(4.0));
    }

    @Test
    void configRejectsAMissingModelAndImpossibleLoss() {
        assertThatThrownBy(() -> new SimulationConfig(1, null, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("latency");
        for (double p : new double[] {-0.01, 1.01, Double.NaN}) {
            assertThatThrownBy(() -> SimulationConfig.defaults(1).withDropProbability(p))
                    .as("p = %s", p)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("drop probability");
        }
        SimulationConfig d = SimulationConfig.defaults(11);
        assertThat(d.latency()).hasToString("exponential:50.0");
        assertThat(d.dropProbability()).isZero();
        assertThat(d.withLatency(LatencyModel.constant(1)).seed()).isEqualTo(11);
    }
}
