package io.cangrid.cli.node;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobProfile;
import io.cangrid.overlay.resource.ResourceSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live node's job events: one log line when a job is routed, queued, started, ends its run or is matched
 * again here. The start and end lines are the node's record of what ran when, holding what.
 */
final class LiveJobEvents implements JobEvents {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node.jobs");
    private static final int MEMORY = LiveNodeAssembly.SCHEMA.indexOf(ResourceSchema.MEMORY);


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
        log.info("job {} started ({} ms after submission) on {} core(s), {} MiB reserved", job.id(),
                at - job.submittedAt(), job.spec().cores(), Math.round(job.spec().requirements().get(MEMORY)));
    }

    @Override
    public void runEnded(JobProfile job, NodeId runNode, long at) {
        log.info("job {} run ended here", job.id());
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        log.info("job {}: run node silent, matching again", job.id());
    }
}
