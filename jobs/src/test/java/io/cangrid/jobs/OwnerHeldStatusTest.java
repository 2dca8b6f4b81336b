package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.overlay.NodeId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A status answered by a job's owner says why the run node's machine keeps the job from running: the run
 * node's heartbeat carries it, sent at once when its owner comes or goes rather than at the next period.
 */
class OwnerHeldStatusTest {

    private static final long POLL = 500;

    @Test
    void theOwnerSaysWhyItsJobsAreHeldWithinAPollOfTheRunNodesOwnerComingBack() {
        JobGrid grid = new JobGrid(11);
        boolean[] active = {false};
        NodeId owner = grid.node(1);
        NodeId runNode = grid.sim.addNode(ctx -> {
            JobGrid.AgentNode n = new JobGrid.AgentNode(ctx, 1, grid.placement, grid.log);
            n.agent.watchOwner(new OwnerPolicy(now -> active[0] ? "owner active" : null, POLL, 3_600_000, "test"));
            return n;
        });
        grid.client(owner);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNode);
        grid.submit(1_000, 1_000);
        grid.submit(1_001, 1_000); // one core: it waits behind the first

        grid.sim.runUntil(() -> false, 20_000);
        List<JobId> jobs = grid.log.jobs();
        assertThat(status(grid, owner, jobs.get(0), 20_000).held()).as("nothing holds it").isNull();

        grid.sim.at(20_001, () -> active[0] = true);
        // A heartbeat period is 10 s here: the answer below comes from the heartbeat sent as the owner came.
        JobStatusReply running = status(grid, owner, jobs.get(0), 20_001 + POLL + 20);
        assertThat(running.state()).isEqualTo(JobState.RUNNING);
        assertThat(running.held()).matches("suspended: owner active since \\d\\d:\\d\\d:\\d\\d");
        JobStatusReply queued = status(grid, owner, jobs.get(1), 20_001 + POLL + 30);
        assertThat(queued.state()).isEqualTo(JobState.QUEUED);
        assertThat(queued.held()).matches("held back: owner active since \\d\\d:\\d\\d:\\d\\d");

        grid.sim.at(30_001, () -> active[0] = false);
        JobStatusReply resumed = status(grid, owner, jobs.get(0), 30_001 + POLL + 20);
        assertThat(resumed.state()).isEqualTo(JobState.RUNNING);
        assertThat(resumed.held()).as("going on again").isNull();
    }

    /** Asks {@code owner} for {@code job}'s status at {@code at}; returns its answer, as sent. */
    private static JobStatusReply status(JobGrid grid, NodeId owner, JobId job, long at) {
        long ticket = at;
        grid.sim.at(at, () -> grid.program(owner).agent.answerStatus(new StatusQuery(ticket, job, grid.clientId())));
        grid.sim.runUntil(() -> false, at + 1);
        return grid.sent(m -> m instanceof JobStatusReply r && r.ticket() == ticket).stream()
                .map(s -> (JobStatusReply) s.message()).findFirst().orElseThrow();
    }
}
