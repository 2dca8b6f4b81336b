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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class JobRecordTest {

    private static final JobId ID = new JobId(0x2a, Point.of(0.25, 0, 0, 0.5));

    private static JobRecord submittedAt(long t) {
        return new JobRecord(ID, JobSpec.of(new Requirements(1, 1024, 0), 60), NodeId.of(1), t);
    }

    @Test
    void aNewRecordIsSubmitted() {
        JobRecord r = submittedAt(100);
        assertThat(r.state()).isEqualTo(SUBMITTED);
        assertThat(r.submittedAt()).isEqualTo(100);
        assertThat(r.lastChangeAt()).isEqualTo(100);
        assertThat(r.reason()).isNull();
        assertThat(r.owner()).isNull();
        assertThat(r.runNode()).isNull();
        assertThat(r.injectionNode()).isEqualTo(NodeId.of(1));
        assertThat(r.isTerminal()).isFalse();
    }

    @Test
    void theRegularPathRecordsATimestampPerState() {
        JobRecord r = submittedAt(0);
        r.moveTo(ROUTING, 5);
        r.moveTo(MATCHING, 120);
        r.setOwner(NodeId.of(7));
        r.moveTo(QUEUED, 180);
        r.setRunNode(NodeId.of(9));
        r.moveTo(RUNNING, 180);
        r.moveTo(COMPLETED, 60_180);
        assertThat(r.state()).isEqualTo(COMPLETED);
        assertThat(r.isTerminal()).isTrue();
        assertThat(r.enteredAt(MATCHING)).hasValue(120);
        assertThat(r.enteredAt(RUNNING)).hasValue(180);
        assertThat(r.enteredAt(NO_MATCH)).isEqualTo(OptionalLong.empty());
        assertThat(r.history()).extracting(JobRecord.Transition::state)
                .containsExactly(SUBMITTED, ROUTING, MATCHING, QUEUED, RUNNING, COMPLETED);
        assertThat(r.owner()).isEqualTo(NodeId.of(7));
        assertThat(r.runNode()).isEqualTo(NodeId.of(9));
        assertThat(r).hasToString("JobRecord[" + ID + " COMPLETED, owner n7, run node n9]");
    }

    @Test
    void recoveryRevisitsStatesAndTheLatestEntryCounts() {
        JobRecord r = submittedAt(0);
        r.moveTo(ROUTING, 1);
        r.moveTo(MATCHING, 2);
        r.moveTo(QUEUED, 3);
        r.moveTo(RUNNING, 4);
        r.moveTo(MATCHING, 50, "run node n9 presumed dead");
        assertThat(r.reason()).isEqualTo("run node n9 presumed dead");
        r.moveTo(QUEUED, 60);
        assertThat(r.reason()).isNull();
        r.moveTo(ROUTING, 70, "owner n7 presumed dead");
        r.moveTo(RUNNING, 80);
        assertThat(r.enteredAt(MATCHING)).hasValue(50);
        assertThat(r.enteredAt(RUNNING)).hasValue(80);
        assertThat(r.history()).hasSize(9);
    }

    @Test
    void anIllegalMoveFailsNamingTheMovesThatAreAllowedAndChangesNothing() {
        JobRecord r = submittedAt(0);
        r.moveTo(ROUTING, 1);
        r.moveTo(MATCHING, 2);
        r.moveTo(QUEUED, 3);
        assertThatThrownBy(() -> r.moveTo(COMPLETED, 4)).isInstanceOf(IllegalStateException.class)
                .hasMessage("job " + ID + " cannot move from QUEUED to COMPLETED; from QUEUED it may move to "
                        + "[ROUTING, MATCHING, RUNNING, FAILED]");
        assertThat(r.state()).isEqualTo(QUEUED);
        assertThat(r.lastChangeAt()).isEqualTo(3);
    }

    @Test
    void aFinalStateHasNoWayOut() {
        JobRecord r = submittedAt(0);
        r.moveTo(FAILED, 10, "cancelled by the client");
        assertThatThrownBy(() -> r.moveTo(ROUTING, 11)).isInstanceOf(IllegalStateException.class)
                .hasMessage("job " + ID + " is already FAILED, a final state; cannot move to ROUTING");
    }

    @Test
    void failedAndNoMatchNeedAReason() {
        JobRecord r = submittedAt(0);
        r.moveTo(ROUTING, 1);
        r.moveTo(MATCHING, 2);
        assertThatThrownBy(() -> r.moveTo(NO_MATCH, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("job " + ID + ": moving to NO_MATCH needs a reason for the client");
        assertThatThrownBy(() -> r.moveTo(FAILED, 3, " ")).hasMessageContaining("needs a reason");
        assertThat(r.state()).isEqualTo(MATCHING);
        r.moveTo(NO_MATCH, 3, "memory: needs 65536 MiB, the most any node offers is 16384 MiB");
        assertThat(r.reason()).startsWith("memory: needs 65536 MiB");
    }

    @Test
    void timeNeverRunsBackwards() {
        JobRecord r = submittedAt(100);
        r.moveTo(ROUTING, 100);
        assertThatThrownBy(() -> r.moveTo(MATCHING, 99)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("job " + ID + ": time runs backwards (99 ms is before the last change at 100 ms)");
        assertThat(r.state()).isEqualTo(ROUTING);
    }

    @Test
    void historyIsReadOnly() {
        JobRecord r = submittedAt(0);
        assertThatThrownBy(() -> r.history().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
