package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.ASSIGNED;
import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static io.cangrid.jobs.JobLog.Kind.REMATCHED;
import static io.cangrid.jobs.JobLog.Kind.RUN_ENDED;
import static io.cangrid.jobs.JobLog.Kind.STARTED;
import static io.cangrid.jobs.JobLog.Kind.SUBMITTED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobSubmitted;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.LatencyModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The job life cycle without failures (design.md §6, steps 1–4), on a fixed placement and with
 * constant 5 ms messages, so every time below follows from the protocol: client → injection node → owner
 * → run node is three messages.
 */
class JobLifecycleTest {

    private static final long LATENCY = 5;

    @Test
    void aJobCompletesOnceAndWaitsOnlyForItsMessagesOnAnIdleNode() {
        JobGrid grid = new JobGrid(1);
        NodeId injection = grid.node(1);
        NodeId owner = grid.node(1);
        NodeId runNode = grid.node(2.0);
        JobClient client = grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 30);

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        assertThat(grid.log.only(SUBMITTED, id).at()).isEqualTo(1_000 + LATENCY);
        JobLog.Entry started = grid.log.only(STARTED, id);
        assertThat(started.node()).isEqualTo(runNode);
        assertThat(started.at() - 1_000).as("wait on an idle node: three messages").isEqualTo(3 * LATENCY);
        assertThat(grid.log.only(RUN_ENDED, id).at() - started.at()).as("run time = work / cpu")
                .isEqualTo(15_000);
        assertThat(grid.log.only(FINISHED, id).at()).isEqualTo(started.at() + 15_000 + LATENCY);
        assertThat(grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        assertThat(grid.log.of(REMATCHED)).isEmpty();
        assertThat(grid.sent(m -> m instanceof JobResult)).hasSize(1);
        assertThat(grid.program(owner).agent.ownedJobs()).as("the owner forgets a finished job").isZero();
        assertThat(grid.program(runNode).agent.queue().isIdle()).isTrue();
        assertThat(client.refusedCount()).isZero();
    }

    @Test
    void oneRunNodeRunsItsJobsOneAtATimeInArrivalOrder() {
        JobGrid grid = new JobGrid(2);
        NodeId injection = grid.node(1);
        NodeId owner = grid.node(1);
        NodeId runNode = grid.node(1.5);
        grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        double[] work = {30, 15, 45, 3};
        for (int i = 0; i < work.length; i++) {
            grid.submit(1_000 + i, work[i]);
        }

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(work.length);
        List<JobId> jobs = grid.log.jobs();
        long previousEnd = -1;
        for (int i = 0; i < jobs.size(); i++) {
            JobId id = jobs.get(i);
            assertThat(grid.log.only(ASSIGNED, id).queueAhead()).as("jobs ahead of job %d", i).isEqualTo(i);
            JobLog.Entry started = grid.log.only(STARTED, id);
            if (i == 0) {
                assertThat(started.at()).isEqualTo(1_000 + 3 * LATENCY);
            } else {
                assertThat(started.at()).as("job %d starts when job %d ends", i, i - 1).isEqualTo(previousEnd);
            }
            long end = grid.log.only(RUN_ENDED, id).at();
            assertThat(end - started.at()).isEqualTo(new JobSpec(Requirements.none(3), work[i], null)
                    .runningMillis(1.5));
            assertThat(grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
            previousEnd = end;
        }
        List<JobId> startOrder = grid.log.of(STARTED).stream().map(e -> e.job().id()).toList();
        assertThat(startOrder).isEqualTo(jobs);
    }

    @Test
    void oneNodeCanBeInjectionNodeOwnerAndRunNodeAtOnce() {
        JobGrid grid = new JobGrid(3);
        NodeId only = grid.node(1);
        grid.client(only);
        grid.placement.ownerIs(only);
        grid.placement.runOn(only);
        for (int i = 0; i < 5; i++) {
            grid.submit(1_000 + 7_000L * i, 10);
        }

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(5);
        assertThat(grid.log.of(FINISHED)).allSatisfy(e -> assertThat(e.state()).isEqualTo(JobState.COMPLETED));
        assertThat(grid.program(only).agent.ownedJobs()).isZero();
        assertThat(grid.log.of(REMATCHED)).isEmpty();
    }

    @Test
    void aResultThatOvertakesTheSubmissionReceiptIsStillDelivered() {
        List<JobGrid> self = new ArrayList<>(1);
        // Receipts take two seconds, everything else 5 ms: the job runs and reports before its receipt lands.
        LatencyModel slowReceipts = rng -> {
            List<JobGrid.Sent> sent = self.get(0).sent;
            return sent.get(sent.size() - 1).message() instanceof JobSubmitted ? 2_000 : LATENCY;
        };
        JobGrid grid = new JobGrid(4, slowReceipts);
        self.add(grid);
        NodeId injection = grid.node(1);
        NodeId owner = grid.node(1);
        NodeId runNode = grid.node(1);
        grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 0.5);

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        JobGrid.Sent receipt = grid.sent(m -> m instanceof JobSubmitted).get(0);
        JobGrid.Sent result = grid.sent(m -> m instanceof JobResult).get(0);
        long receiptArrives = receipt.at() + 2_000;
        assertThat(result.at() + LATENCY).as("the result arrives first").isLessThan(receiptArrives);
        assertThat(grid.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        assertThat(grid.log.only(FINISHED, id).at()).as("recorded once the receipt names the job")
                .isEqualTo(receiptArrives);
    }

    @Test
    void aSpecWithTheWrongNumberOfRequirementValuesIsRefusedWithAReason() {
        JobGrid grid = new JobGrid(5);
        NodeId injection = grid.node(1);
        NodeId runNode = grid.node(1);
        JobClient client = grid.client(injection);
        grid.placement.ownerIs(injection);
        grid.placement.runOn(runNode);
        grid.submit(1_000, JobSpec.of(new Requirements(1.0, 512), 10));
        grid.submit(2_000, 10);

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        assertThat(client.refusedCount()).isEqualTo(1);
        List<JobGrid.Sent> receipts = grid.sent(m -> m instanceof JobSubmitted);
        assertThat(receipts).hasSize(2);
        JobSubmitted refusal = (JobSubmitted) receipts.get(0).message();
        assertThat(refusal.profile()).isNull();
        assertThat(refusal.refusal()).contains("2 requirement value(s)").contains("3 real dimension(s)")
                .contains("cpu, memory, disk");
        // The refused job never entered the grid; the next one runs as usual.
        grid.assertEveryJobEndedOnce(1);
        assertThat(grid.log.finalState(grid.log.jobs().get(0))).isEqualTo(JobState.COMPLETED);
    }

    @Test
    void aJobNoNodeCanTakeEndsNoMatchWithTheLocatorsReason() {
        JobGrid grid = new JobGrid(6);
        NodeId injection = grid.node(1);
        NodeId owner = grid.node(1);
        grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn();
        grid.submit(1_000, 10);

        assertThat(grid.runUntilDone(3_600_000)).isTrue();

        grid.assertEveryJobEndedOnce(1);
        JobLog.Entry end = grid.log.only(FINISHED, grid.log.jobs().get(0));
        assertThat(end.state()).isEqualTo(JobState.NO_MATCH);
        assertThat(end.reason()).contains("no live run node");
        assertThat(grid.program(owner).agent.ownedJobs()).isZero();
        assertThat(grid.log.of(ASSIGNED)).isEmpty();
    }
}
