package io.cangrid.cli.node;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobProfile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A live node's job events: one log line when a job is routed, queued, started or matched again here. */
final class LiveJobEvents implements JobEvents {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node.jobs");


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
}
