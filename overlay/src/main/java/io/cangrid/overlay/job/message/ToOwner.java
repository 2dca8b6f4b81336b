package io.cangrid.overlay.job.message;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.MatchTrace;

/**
 * A job's profile carried by the overlay to the owner of its point: a new job (adopt = null), or one whose
 * run node lost its owner (adopt = that run node).
 */
public record ToOwner(JobProfile profile, MatchTrace trace, NodeId adopt) implements Message {
}
