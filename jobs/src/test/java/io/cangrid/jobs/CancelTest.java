package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.RUN_ENDED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.message.JobDone;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cancelling on a fixed placement with constant 5 ms messages: the owner ends the job CANCELLED at once,
 * tells the client, and the run node drops the job (a running one stops running) when the owner's word
 * reaches it; a job already ended is not cancelled again.
 */
class CancelTest {

    private static final long LATENCY = 5;

    private static void cancel(JobGrid grid, NodeId owner, long ticket) {
        JobId id = grid.log.jobs().get(0);
        grid.program(owner).agent.answerCancel(new CancelJob(ticket, id, grid.clientId()));
    }

    private static List<CancelReply> replies(JobGrid grid) {
        return grid.sent(m -> m instanceof CancelReply).stream().map(s -> (CancelReply) s.message()).toList();
    }

    @Test
    void aRunningJobStopsAtOnceAndEndsCancelled() {
        JobGrid grid = new JobGrid(3);
        NodeId owner = grid.node(1);
        NodeId runNode = grid.node(1);
        grid.client(owner);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 1_000);
        grid.sim.at(10_000, () -> cancel(grid, owner, 1));
        grid.sim.at(20_000, () -> cancel(grid, owner, 2));

        assertThat(grid.runUntilDone(3_600_000)).isTrue();
        grid.sim.runUntil(() -> false, 30_000);

        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        assertThat(grid.log.finalState(id)).isEqualTo(JobState.CANCELLED);
        assertThat(grid.log.only(STARTED, id).at()).isLessThan(10_000);
        assertThat(grid.log.only(RUN_ENDED, id).at()).as("the run node stops when the owner's word arrives")
                .isEqualTo(10_000 + LATENCY);
        assertThat(grid.program(runNode).agent.queue().isIdle()).isTrue();
        assertThat(grid.program(owner).agent.ownedJobs()).isZero();
        assertThat(grid.program(owner).agent.outcome(id).state()).isEqualTo(JobState.CANCELLED);
        assertThat(grid.sent(m -> m instanceof JobDone d && d.state() == JobState.COMPLETED)).isEmpty();
        List<CancelReply> replies = replies(grid);
        assertThat(replies).hasSize(2);
        assertThat(replies.get(0).cancelled()).isTrue();
        assertThat(replies.get(1).cancelled()).as("ended already").isFalse();
        assertThat(replies.get(1).state()).isEqualTo(JobState.CANCELLED);
    }

    @Test
    void aQueuedJobNeverStarts() {
        JobGrid grid = new JobGrid(4);
        NodeId owner = grid.node(1);
        NodeId runNode = grid.node(1);
        grid.client(owner);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 100);
        grid.submit(1_001, 100);
        grid.sim.at(10_000, () -> {
            JobId second = grid.log.jobs().get(1);
            grid.program(owner).agent.answerCancel(new CancelJob(1, second, grid.clientId()));
        });

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(2);
        JobId first = grid.log.jobs().get(0);
        JobId second = grid.log.jobs().get(1);
        assertThat(grid.log.finalState(first)).isEqualTo(JobState.COMPLETED);
        assertThat(grid.log.finalState(second)).isEqualTo(JobState.CANCELLED);
        assertThat(grid.log.of(STARTED, second)).isEmpty();
        assertThat(grid.program(runNode).agent.queue().isIdle()).isTrue();
    }
}
