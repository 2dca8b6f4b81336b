package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.JobSubmitted;
import io.cangrid.jobs.message.SubmitJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The job life cycle when the network loses messages: here a lost receipt. That every job submitted ends once
 * under random loss is the job life-cycle suite's (SimulatedJobLifecycleTest).
 */
class JobMessageLossTest {

    /**
     * The receipt of a submission is lost. The client sends the submission again after its timeout, through
     * another node, under the same key: both nodes derive the same job id, the owner takes the job once,
     * and the grid runs and the client records the one job. Here the copy reaches the owner after the job
     * ended.
     */
    @Test
    void aLostReceiptOfAShortJobMakesNoSecondJob() {
        sendAgainAfterALostReceipt(1);
    }

    /** The same, with the copy reaching the owner while the job still runs. */
    @Test
    void aLostReceiptOfALongJobMakesNoSecondJob() {
        sendAgainAfterALostReceipt(10 * JobGrid.CONFIG.clientTimeoutMillis() / 1000.0);
    }

    private static void sendAgainAfterALostReceipt(double work) {
        JobGrid grid = new JobGrid(19);
        NodeId first = grid.node(1);
        NodeId second = grid.node(1);
        NodeId owner = grid.node(1);
        NodeId runNode = grid.node(1);
        NodeId[] through = {first, second};
        int[] asked = {0};
        grid.client(() -> through[Math.min(asked[0]++, 1)]);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, work);
        boolean[] lost = {false};
        List<NodeId> submittedTo = new ArrayList<>();
        grid.watch(s -> {
            if (s.message() instanceof SubmitJob) {
                submittedTo.add(s.to());
            }
            if (!lost[0] && s.message() instanceof JobSubmitted) {
                lost[0] = true;
                grid.sim.partition(List.of(Set.of(grid.clientId())));
                grid.sim.after(1, grid.sim::heal);
            }
        });

        assertThat(grid.runUntilDone(24 * 3_600_000L)).isTrue();
        // The client is done as soon as the second receipt comes; the copy may still be on its way.
        grid.sim.runFor(JobGrid.CONFIG.clientTimeoutMillis());

        assertThat(lost[0]).isTrue();
        assertThat(submittedTo).as("the submission went out twice, through two nodes").containsExactly(first, second);
        grid.assertEveryJobEndedOnce(1);
        assertThat(grid.log.of(STARTED)).as("the grid ran the job once").hasSize(1);
        assertThat(grid.program(owner).agent.ownedJobs()).as("the owner tracks nothing more").isZero();
        assertThat(grid.log.of(FINISHED)).singleElement().matches(e -> e.state() == JobState.COMPLETED);
    }
}
