package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.jobs.JobId;

/** Client → a node: delete the result this node stored of an ended job. */
public record GridRemove(long ticket, JobId job) implements ClientRequest {

    @Override
    public Access access() {
        return Access.SUBMIT;
    }
}
