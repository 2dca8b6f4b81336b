package io.cangrid.simulator.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.simulator.run.RunStats;
import org.junit.jupiter.api.Test;

class RunMetricsTest {

    private static final NodeId NODE = NodeId.of(1);

    @Test
    void figuresFollowTheirDefinitions() {
        JobRecorder r = new JobRecorder();
        long start = 100_000;
        // 100 jobs wait 1..100 s; every fourth is pushed; hops 2 each, queue ahead 1 each.
        for (int i = 1; i <= 100; i++) {
            JobProfile j = JobRecorderTest.job(i, start, 1);
            r.submitted(j, start);
            r.assigned(j, NODE, new MatchTrace(1, 1, i % 4 == 0), 1, start + 200);
            r.started(j, NODE, start + i * 1000L);
            r.finished(j, i == 100 ? JobState.FAILED : JobState.COMPLETED, i == 100 ? "error" : null, start + 200_000);
        }
        JobProfile noMatch = JobRecorderTest.job(101, start, 1);
        r.submitted(noMatch, start);
        r.finished(noMatch, JobState.NO_MATCH, "memory", start + 50);
        JobProfile stuck = JobRecorderTest.job(102, start, 1);
        r.submitted(stuck, start);
        // The workload held 104 jobs: one stuck and two never submitted are lost.
        RunStats stats = new RunStats(10, 30_000, 1, start, start + 300_000, 3, 0.1);
        RunMetrics m = RunMetrics.of(r.outcomes(), 104, UtilisationSeries.idle(10), stats, 200_000);

        assertThat(m.jobs()).isEqualTo(104);
        assertThat(m.completed()).isEqualTo(99);
        assertThat(m.failed()).isEqualTo(1);
        assertThat(m.noMatch()).isEqualTo(1);
        assertThat(m.lost()).isEqualTo(3);
        assertThat(m.meanWaitSeconds()).isCloseTo(50.5, within(1e-9));
        assertThat(m.p50WaitSeconds()).isCloseTo(50, within(0.1));
        assertThat(m.p95WaitSeconds()).isCloseTo(95, within(0.1));
        assertThat(m.p99WaitSeconds()).isCloseTo(99, within(0.1));
        assertThat(m.meanMatchmakingSeconds()).isCloseTo(0.2, within(1e-9));
        assertThat(m.meanHops()).isEqualTo(2.0);
        assertThat(m.pushedFraction()).isEqualTo(0.25);
        assertThat(m.meanQueueAtAssignment()).isEqualTo(1.0);
        assertThat(m.utilisation()).isZero();
        // 30 000 messages from 10 nodes over 300 s.
        assertThat(m.messagesPerNodePerSecond()).isCloseTo(10.0, within(1e-9));
    }

    @Test
    void waitGrowthComparesTheLastQuarterWithTheSecond() {
        JobRecorder growing = new JobRecorder();
        JobRecorder steady = new JobRecorder();
        // 40 jobs submitted 10 s apart; in one run job i waits i s, in the other every job waits 20 s.
        for (int i = 0; i < 40; i++) {
            long at = 10_000L * i;
            JobProfile a = JobRecorderTest.job(i, at, 1);
            growing.submitted(a, at);
            growing.started(a, NODE, at + 1000L * i);
            JobProfile b = JobRecorderTest.job(i, at, 1);
            steady.submitted(b, at);
            steady.started(b, NODE, at + 20_000);
        }
        RunStats stats = new RunStats(10, 0, 1, 0, 500_000, 0, 0.1);
        RunMetrics g = RunMetrics.of(growing.outcomes(), 40, UtilisationSeries.idle(10), stats, 400_000);
        RunMetrics s = RunMetrics.of(steady.outcomes(), 40, UtilisationSeries.idle(10), stats, 400_000);
        // Second quarter waits 10..19 s (mean 14.5), last quarter 30..39 s (mean 34.5).
        assertThat(g.waitGrowth()).isCloseTo(34.5 / 14.5, within(1e-9));
        assertThat(g.stable()).isFalse();
        assertThat(s.waitGrowth()).isCloseTo(1.0, within(1e-9));
        assertThat(s.stable()).isTrue();
    }

    @Test
    void nothingStartedMeansUndefinedWaits() {
        RunStats stats = new RunStats(5, 0, 0, 0, 1_000, 0, 0);
        RunMetrics m = RunMetrics.of(new JobRecorder().outcomes(), 3, UtilisationSeries.idle(5), stats, 1_000);
        assertThat(m.lost()).isEqualTo(3);
        assertThat(m.meanWaitSeconds()).isNaN();
        assertThat(m.p99WaitSeconds()).isNaN();
        assertThat(m.meanHops()).isNaN();
    }
}
