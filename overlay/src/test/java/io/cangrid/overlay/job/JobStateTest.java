package io.cangrid.overlay.job;

import static io.cangrid.overlay.job.JobState.COMPLETED;
import static io.cangrid.overlay.job.JobState.FAILED;
import static io.cangrid.overlay.job.JobState.MATCHING;
import static io.cangrid.overlay.job.JobState.NO_MATCH;
import static io.cangrid.overlay.job.JobState.QUEUED;
import static io.cangrid.overlay.job.JobState.ROUTING;
import static io.cangrid.overlay.job.JobState.RUNNING;
import static io.cangrid.overlay.job.JobState.SUBMITTED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JobStateTest {

    @Test
    void exactlyCompletedFailedAndNoMatchAreTerminalAndHaveNoExits() {
        for (JobState s : JobState.values()) {
            assertThat(s.isTerminal()).as("%s", s).isEqualTo(s == COMPLETED || s == FAILED || s == NO_MATCH);
            if (s.isTerminal()) {
                assertThat(s.successors()).as("%s", s).isEmpty();
            } else {
                assertThat(s.successors()).as("%s", s).isNotEmpty();
            }
        }
    }

    @Test
    void theRegularPathIsAllowedStepByStep() {
        assertThat(SUBMITTED.canMoveTo(ROUTING)).isTrue();
        assertThat(ROUTING.canMoveTo(MATCHING)).isTrue();
        assertThat(MATCHING.canMoveTo(QUEUED)).isTrue();
        assertThat(QUEUED.canMoveTo(RUNNING)).isTrue();
        assertThat(RUNNING.canMoveTo(COMPLETED)).isTrue();
        assertThat(MATCHING.canMoveTo(NO_MATCH)).isTrue();
    }

    @Test
    void recoveryMovesAreAllowed() {
        // Run node dead (or leaving): the owner matches the job again.
        assertThat(QUEUED.canMoveTo(MATCHING)).isTrue();
        assertThat(RUNNING.canMoveTo(MATCHING)).isTrue();
        // Owner dead: the profile is re-routed, and the new owner takes the job up where it is.
        assertThat(QUEUED.canMoveTo(ROUTING)).isTrue();
        assertThat(RUNNING.canMoveTo(ROUTING)).isTrue();
        assertThat(MATCHING.canMoveTo(ROUTING)).isTrue();
        assertThat(ROUTING.canMoveTo(QUEUED)).isTrue();
        assertThat(ROUTING.canMoveTo(RUNNING)).isTrue();
    }

    @Test
    void shortcutsAndRegressionsAreNot() {
        assertThat(SUBMITTED.canMoveTo(MATCHING)).isFalse();
        assertThat(SUBMITTED.canMoveTo(RUNNING)).isFalse();
        assertThat(MATCHING.canMoveTo(RUNNING)).isFalse();
        assertThat(QUEUED.canMoveTo(COMPLETED)).isFalse();
        assertThat(RUNNING.canMoveTo(QUEUED)).isFalse();
        assertThat(ROUTING.canMoveTo(NO_MATCH)).isFalse();
        assertThat(COMPLETED.canMoveTo(RUNNING)).isFalse();
        assertThat(NO_MATCH.canMoveTo(MATCHING)).isFalse();
    }

    @Test
    void noStateMovesToItselfOrBackToSubmitted() {
        for (JobState s : JobState.values()) {
            assertThat(s.canMoveTo(s)).as("%s", s).isFalse();
            assertThat(s.canMoveTo(SUBMITTED)).as("%s", s).isFalse();
        }
    }

    @Test
    void onlyARunCompletesAndOnlyMatchingFindsNoMatchButAnyLiveStateCanFail() {
        for (JobState s : JobState.values()) {
            assertThat(s.canMoveTo(COMPLETED)).as("%s", s).isEqualTo(s == RUNNING);
            assertThat(s.canMoveTo(NO_MATCH)).as("%s", s).isEqualTo(s == MATCHING);
            assertThat(s.canMoveTo(FAILED)).as("%s", s).isEqualTo(!s.isTerminal());
        }
    }

    @Test
    void everyStateIsReachableFromSubmittedAndEveryLiveStateCanStillEnd() {
        assertThat(reachableFrom(SUBMITTED)).containsExactlyInAnyOrder(JobState.values());
        for (JobState s : JobState.values()) {
            if (!s.isTerminal()) {
                assertThat(reachableFrom(s)).as("%s", s).contains(COMPLETED, FAILED, NO_MATCH);
            }
        }
    }

    @Test
    void onlyFailedAndNoMatchNeedAReason() {
        for (JobState s : JobState.values()) {
            assertThat(s.needsReason()).as("%s", s).isEqualTo(s == FAILED || s == NO_MATCH);
        }
    }

    private static Set<JobState> reachableFrom(JobState start) {
        Set<JobState> seen = EnumSet.of(start);
        Deque<JobState> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            for (JobState next : todo.pop().successors()) {
                if (seen.add(next)) {
                    todo.push(next);
                }
            }
        }
        return seen;
    }
}
