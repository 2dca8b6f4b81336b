package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;
import java.util.Objects;

/**
 * What travels with a job through the grid and what its owner and run node both keep (design.md
 * §6): its id (which encodes its point), its spec, the client that waits for its result, when the
 * client first submitted it, and how many times the client has submitted it.
 *
 * @param attempt 1 for the first submission; a client that resubmits after losing track increments it
 */
public record JobProfile(JobId id, JobSpec spec, NodeId client, long submittedAt, int attempt) {

    public JobProfile {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(client, "client");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt counts from 1, was " + attempt);
        }
    }
}
