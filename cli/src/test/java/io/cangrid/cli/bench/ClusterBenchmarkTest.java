package io.cangrid.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code bench cluster} end to end on a small grid: its submit file goes in through {@code submit -f}, every
 * job runs as a confined process, and {@code wait} sees every one completed. What it measures is a benchmark's
 * business; here only that it measures the real thing.
 */
class ClusterBenchmarkTest {

    @Test
    void aSmallClusterGoesInAndEveryJobCompletes() throws InterruptedException {
        ClusterBenchmark.Result r = ClusterBenchmark.run(new ClusterBenchmark.Settings(2, 20, 200, 120));
        assertThat(r.jobs()).isEqualTo(20);
        assertThat(r.submitSeconds()).isPositive();
        assertThat(r.waitExit()).as("wait's exit code: 0 when all 20 completed with exit code 0").isZero();
        assertThat(r.endedSeconds()).isGreaterThanOrEqualTo(r.submitSeconds());
    }
}
