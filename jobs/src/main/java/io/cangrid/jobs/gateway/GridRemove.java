package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.jobs.JobId;

/** Client → a node: delete the result this node stored of an ended job. */
public record GridRemove(long ticket, JobId job) implements Message {
}
