package io.cangrid.overlay.job;

import static io.cangrid.overlay.job.JobLog.Kind.FINISHED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.message.JobSubmitted;
import io.cangrid.overlay.sim.LatencyModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The job life cycle when the network loses messages. */
class JobMessageLossTest {

    /**
     * The receipt of a submission is lost. The client submits the job afresh after its timeout, which
     * makes a second job; the first one still runs, and its result reaches the client, which cannot tell
     * what it belongs to and never records it. Known open problem (a submission is not idempotent): the
     * client ends every submission once, but the grid ran a job whose end nobody recorded.
     */
    @Test
    @Tag("known-issue")
    void aLostReceiptLeavesNoJobWithoutAFinalState() {
        JobCast c = new JobCast(19);
        c.grid.submit(1_000, 30);
        boolean[] lost = {false};
        c.grid.watch(s -> {
            if (!lost[0] && s.message() instanceof JobSubmitted) {
                lost[0] = true;
                c.grid.sim.partition(List.of(Set.of(c.grid.clientId())));
                c.grid.sim.after(1, c.grid.sim::heal);
            }
        });

        assertThat(c.grid.runUntilDone(3_600_000)).isTrue();

        assertThat(lost[0]).isTrue();
        // Today two jobs enter the grid and the client records the end of one.
        c.grid.assertEveryJobEndedOnce(c.grid.log.jobs().size());
    }

    /**
     * Two percent of all messages lost, latency exponential with a 50 ms mean: jobs, heartbeats, receipts
     * and results go missing, and recovery must still end every submission once at the client.
     */
    @Test
    void underMessageLossEverySubmissionEndsOnceAtTheClient() {
        for (long seed = 20; seed < 24; seed++) {
            JobGrid grid = new JobGrid(seed, LatencyModel.exponential(50));
            NodeId injection = grid.node(1);
            NodeId owner = grid.node(1);
            NodeId[] runNodes = {grid.node(1), grid.node(2), grid.node(3)};
            JobClient client = grid.client(injection);
            grid.placement.ownerIs(owner);
            grid.placement.runOn(runNodes);
            grid.placement.inTurn();
            grid.sim.setDropProbability(0.02);
            int jobs = 40;
            for (int i = 0; i < jobs; i++) {
                grid.submit(1_000 + 5_000L * i, 20 + (i % 7) * 10);
            }

            assertThat(grid.runUntilDone(24 * 3_600_000L)).as("seed %d: every job ended", seed).isTrue();

            assertThat(client.unfinished()).as("seed %d", seed).isZero();
            assertThat(client.finishedCount()).as("seed %d: one final state per submission", seed).isEqualTo(jobs);
            assertThat(grid.log.finishesPerJob().values()).as("seed %d: never two final states", seed)
                    .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(1));
            assertThat(grid.log.of(FINISHED)).as("seed %d", seed)
                    .allSatisfy(e -> assertThat(e.state()).isEqualTo(JobState.COMPLETED));
            assertThat(grid.sim.messagesDropped()).as("seed %d: the network did lose messages", seed).isPositive();
        }
    }
}
