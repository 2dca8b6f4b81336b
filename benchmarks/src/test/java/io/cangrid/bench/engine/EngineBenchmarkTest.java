package io.cangrid.bench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The engine benchmark measures what it says, on a run small enough for a unit test. */
class EngineBenchmarkTest {

    @Test
    void processesAboutTheRequestedNumberOfEventsReproducibly() {
        long seed = 61;
        EngineBenchmark.Result r = EngineBenchmark.run(100, 20_000, seed);
        assertThat(r.nodes()).isEqualTo(100);
        // One timer and one delivery per node per period; a few messages are still in flight at the end.
        assertThat((double) r.events()).as("seed %d: %s", seed, r).isCloseTo(20_000, within(200.0));
        assertThat(r.wallSeconds()).as("seed %d", seed).isPositive();
        // Wall time varies; the event count is part of the seeded run.
        assertThat(EngineBenchmark.run(100, 20_000, seed).events()).as("seed %d", seed).isEqualTo(r.events());
    }

    @Test
    void rejectsAnEmptyRun() {
        assertThatThrownBy(() -> EngineBenchmark.run(0, 10, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EngineBenchmark.run(10, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
