package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CachedJobTrailTest {

    private static final NodeId NODE = NodeId.of(1);

    private static JobId job(int serial) {
        return new JobId(serial, Point.of(0.5, 0.25));
    }

    private static ExplainStep step(long at, String detail) {
        return new ExplainStep(NODE, at, ExplainStep.PLACEMENT, detail, null, null);
    }

    @Test
    void keepsEachJobsStepsInTheOrderTheyCame() {
        CachedJobTrail trail = new CachedJobTrail();
        trail.add(job(1), step(10, "a"));
        trail.add(job(2), step(11, "other job"));
        trail.add(job(1), step(12, "b"));
        assertThat(trail.steps(job(1))).extracting(ExplainStep::detail).containsExactly("a", "b");
        assertThat(trail.steps(job(2))).hasSize(1);
        assertThat(trail.steps(job(3))).isEmpty();
    }

    @Test
    void boundsStepsPerJobKeepingTheFirstAndTheNewest() {
        CachedJobTrail trail = new CachedJobTrail();
        for (int i = 0; i < 1000; i++) {
            trail.add(job(1), step(i, "step " + i));
        }
        List<ExplainStep> kept = trail.steps(job(1));
        assertThat(kept).hasSize(CachedJobTrail.MAX_STEPS);
        assertThat(kept.get(0).at()).as("how the job arrived stays explained").isZero();
        assertThat(kept.get(CachedJobTrail.FIRST_KEPT - 1).at()).isEqualTo(CachedJobTrail.FIRST_KEPT - 1);
        assertThat(kept.get(CachedJobTrail.FIRST_KEPT).at()).isEqualTo(1000 - (CachedJobTrail.MAX_STEPS
                - CachedJobTrail.FIRST_KEPT));
        assertThat(kept.get(kept.size() - 1).at()).isEqualTo(999);
        for (int i = 1; i < kept.size(); i++) {
            assertThat(kept.get(i).at()).isGreaterThan(kept.get(i - 1).at());
        }
    }

    @Test
    void cutsLongDetailsAndBoundsTheJobsKept() {
        CachedJobTrail trail = new CachedJobTrail(100, Duration.ofHours(1));
        trail.add(job(0), step(0, "x".repeat(10_000)));
        assertThat(trail.steps(job(0)).get(0).detail()).hasSize(CachedJobTrail.MAX_DETAIL);
        for (int i = 1; i < 1000; i++) {
            trail.add(job(i), step(i, "s"));
        }
        assertThat(trail.jobsKept()).isLessThanOrEqualTo(100);
    }

    @Test
    void theSimulationsTrailKeepsNothing() {
        JobTrail.NONE.add(job(1), step(1, "a"));
        assertThat(JobTrail.NONE.recording()).isFalse();
        assertThat(JobTrail.NONE.steps(job(1))).isEmpty();
    }
}
