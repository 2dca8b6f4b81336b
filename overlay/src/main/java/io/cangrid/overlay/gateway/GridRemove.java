package io.cangrid.overlay.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.job.JobId;

/** Client → a node: delete the result this node stored of an ended job. */
public record GridRemove(long ticket, JobId job) implements Message {
}
