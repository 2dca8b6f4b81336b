package io.cangrid.jobs.gateway;

import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.ClientRequest;

/**
 * Client → any node: take these jobs, as many {@link GridSubmit}s would, with one answer,
 * {@link GridSubmittedBatch}, once every job's owner holds it. {@code keys[i]} names submission {@code i},
 * the same on a retry. At most {@link #MAX_JOBS} jobs.
 */
public record GridSubmitBatch(long ticket, JobSpec[] specs, long[] keys) implements ClientRequest {

    public static final int MAX_JOBS = 256;

    @Override
    public Access access() {
        return Access.SUBMIT;
    }
}
