package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.ASSIGNED;
import static io.cangrid.jobs.JobLog.Kind.REMATCHED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.message.HeartbeatAck;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A run node passing a job that waits in its queue to a node that has become free (what CAN-PX's
 * rebalancing does): the owner follows the move, the job runs once, where it was moved to.
 */
class MoveWaitingTest {

    @Test
    void aWaitingJobMovesToAFreeNodeAndTheOwnerFollows() {
        JobCast c = new JobCast(21);
        c.grid.placement.runOn(c.a);
        c.grid.submit(1_000, 600);
        c.grid.submit(2_000, 600);
        AtomicBoolean movedRunning = new AtomicBoolean(true);
        AtomicBoolean movedWaiting = new AtomicBoolean(false);
        c.grid.sim.at(60_000, () -> {
            JobAgent a = c.grid.program(c.a).agent;
            List<JobProfile> waiting = a.queue().waitingJobs();
            assertThat(waiting).hasSize(1);
            movedRunning.set(a.moveWaiting(a.queue().runningJob().id(), c.b));
            movedWaiting.set(a.moveWaiting(waiting.get(0).id(), c.b));
        });

        assertThat(c.grid.runUntilDone(3_600_000)).isTrue();

        c.grid.assertEveryJobEndedOnce(2);
        assertThat(movedRunning).as("a running job stays").isFalse();
        assertThat(movedWaiting).isTrue();
        JobId second = c.grid.log.jobs().get(1);
        assertThat(c.nodes(ASSIGNED, second)).containsExactly(c.a, c.b);
        assertThat(c.nodes(STARTED, second)).containsExactly(c.b);
        assertThat(c.grid.log.of(STARTED, second).get(0).at()).isEqualTo(60_000 + 5);
        assertThat(c.grid.log.of(REMATCHED)).isEmpty();
        assertThat(c.grid.sent(m -> m instanceof HeartbeatAck ack && ack.drop().length > 0))
                .as("the owner told nobody to drop the job").isEmpty();
    }
}
