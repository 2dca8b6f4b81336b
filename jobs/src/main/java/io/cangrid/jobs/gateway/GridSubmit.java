package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.jobs.JobSpec;

/**
 * Client → any node: take this job. The node becomes the job's client on the grid and answers with
 * {@link GridSubmitted} once the job's owner holds it. {@code key} is the client's name for the
 * submission, the same on a retry, so a retry names the same job.
 */
public record GridSubmit(long ticket, JobSpec spec, long key) implements ClientRequest {

    @Override
    public Access access() {
        return Access.SUBMIT;
    }
}
