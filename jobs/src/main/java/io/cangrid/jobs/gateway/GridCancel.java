package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.jobs.JobId;

/**
 * Client → any node: cancel this job. The node carries the request to the job's owner (the id encodes its
 * point) and answers with the owner's {@code CancelReply}.
 */
public record GridCancel(long ticket, JobId job) implements ClientRequest {

    @Override
    public Access access() {
        return Access.SUBMIT;
    }
}
