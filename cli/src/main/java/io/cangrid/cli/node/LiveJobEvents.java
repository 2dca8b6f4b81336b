package io.cangrid.cli.node;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.gateway.JobStore;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.message.JobStatusReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live node's job events: one log line when a job starts and when it stops here, and the outcomes this
 * node keeps as an owner stored on disk too, so that they outlive a restart with the same work directory.
 */
final class LiveJobEvents implements JobEvents {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node.jobs");

    private final NodeContext ctx;
    private final JobStore store;

    LiveJobEvents(NodeContext ctx, JobStore store) {
        this.ctx = ctx;
        this.store = store;
    }

    @Override
    public void submitted(JobProfile job, long at) {
        log.info("job {} routed to its owner (attempt {})", job.id(), job.attempt());
    }

    @Override
    public void assigned(JobProfile job, NodeId runNode, io.cangrid.jobs.MatchTrace trace, int queueAhead,
            long at) {
        log.info("job {} queued here behind {}", job.id(), queueAhead);
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        log.info("job {} started ({} ms after submission)", job.id(), at - job.submittedAt());
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        log.info("job {}: run node silent, matching again", job.id());
    }

    @Override
    public void outcomeKept(JobId id, JobOutcome outcome) {
        store.saveResult(new JobStatusReply(0, id, outcome.state(), ctx.self(), outcome.runNode(), outcome.reason(),
                outcome.output(), outcome.waitMillis()));
    }
}
