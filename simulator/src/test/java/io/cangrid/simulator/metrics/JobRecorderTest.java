package io.cangrid.simulator.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Requirements;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JobRecorderTest {

    private static final NodeId CLIENT = NodeId.of(99);
    private static final NodeId A = NodeId.of(1);
    private static final NodeId B = NodeId.of(2);

    static JobProfile job(long serial, long submittedAt, int attempt) {
        JobId id = new JobId(serial, Point.of(0, 0, 0, 0.5));
        return new JobProfile(id, JobSpec.of(Requirements.none(3), 60), CLIENT, submittedAt, attempt);
    }

    @Test
    void aResubmittedJobCountsOnceFromItsFirstSubmission() {
        AtomicInteger finished = new AtomicInteger();
        JobRecorder r = new JobRecorder(finished::incrementAndGet);
        JobProfile first = job(1, 1_000, 1);
        r.submitted(first, 1_000);
        r.assigned(first, A, new MatchTrace(3, 1, true), 2, 1_500);
        r.started(first, A, 4_000);
        r.rematched(first, CLIENT, 9_000);
        JobProfile again = job(1, 1_000, 2);
        r.submitted(again, 20_000);
        r.assigned(again, B, new MatchTrace(1, 0, false), 0, 21_000);
        r.started(again, B, 22_000);
        r.runEnded(again, B, 30_000);
        r.finished(again, JobState.COMPLETED, null, 30_100);
        r.finished(again, JobState.COMPLETED, null, 30_200);

        assertThat(r.outcomes()).singleElement().satisfies(o -> {
            assertThat(o.submittedAt()).isEqualTo(1_000);
            assertThat(o.matchmakingMillis()).isEqualTo(500);
            assertThat(o.waitMillis()).isEqualTo(3_000);
            assertThat(o.hops()).isEqualTo(4);
            assertThat(o.queueAhead()).isEqualTo(2);
            assertThat(o.pushed()).isTrue();
            assertThat(o.state()).isEqualTo(JobState.COMPLETED);
            assertThat(o.finishedAt()).isEqualTo(30_100);
            assertThat(o.attempts()).isEqualTo(2);
        });
        assertThat(finished).hasValue(1);
        assertThat(r.finishedJobs()).isEqualTo(1);
    }

    @Test
    void aJobWithoutFinalStateIsLost() {
        JobRecorder r = new JobRecorder();
        JobProfile j = job(7, 0, 1);
        r.submitted(j, 0);
        r.assigned(j, A, MatchTrace.START, 0, 10);
        assertThat(r.outcomes()).singleElement().satisfies(o -> {
            assertThat(o.isLost()).isTrue();
            assertThat(o.wasStarted()).isFalse();
            assertThat(o.waitMillis()).isEqualTo(JobOutcome.NEVER);
        });
        assertThat(r.finishedJobs()).isZero();
    }

    @Test
    void busyNodesAreCountedPerNodeWhateverTheEventOrder() {
        JobRecorder r = new JobRecorder();
        // Node A runs two jobs back to back, node B one; B's events are reported first though later.
        r.started(job(3, 0, 1), B, 5_000);
        r.runEnded(job(3, 0, 1), B, 10_000);
        r.started(job(1, 0, 1), A, 0);
        r.runEnded(job(1, 0, 1), A, 4_000);
        r.started(job(2, 0, 1), A, 4_000);
        r.runEnded(job(2, 0, 1), A, 8_000);
        r.runEnded(job(9, 0, 1), B, 9_000);
        UtilisationSeries u = r.utilisation(4);
        // Busy node-time: A 8 s, B 5 s, out of 4 nodes x 10 s.
        assertThat(u.meanBusyFraction(0, 10_000)).isCloseTo(13.0 / 40, within(1e-12));
        assertThat(u.meanBusyFraction(4_000, 8_000)).isCloseTo((4.0 + 3.0) / 16, within(1e-12));
        assertThat(u.meanBusyFraction(10_000, 20_000)).isZero();
        List<UtilisationSeries.Sample> samples = u.sample(0, 10_000, 2);
        assertThat(samples).extracting(UtilisationSeries.Sample::seconds).containsExactly(0.0, 5.0);
        assertThat(samples.get(0).busyFraction()).isCloseTo(5.0 / 20, within(1e-12));
        assertThat(samples.get(1).busyFraction()).isCloseTo(8.0 / 20, within(1e-12));
    }
}
