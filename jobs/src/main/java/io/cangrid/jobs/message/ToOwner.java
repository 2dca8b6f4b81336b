package io.cangrid.jobs.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.MatchTrace;

/**
 * A job's profile carried by the overlay to the owner of its point: a new job (adopt = null), or one whose
 * run node lost its owner (adopt = that run node).
 */
public record ToOwner(JobProfile profile, MatchTrace trace, NodeId adopt) implements Message {
}
