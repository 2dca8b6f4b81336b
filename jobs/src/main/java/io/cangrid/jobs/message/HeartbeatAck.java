package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;

/**
 * Owner → run node, answering {@link Heartbeats}: the owner is alive, and the listed jobs are no longer
 * the run node's to run (the owner matched them elsewhere after presuming the run node dead, or they
 * ended), so the run node drops them rather than run a job twice.
 */
public record HeartbeatAck(JobId[] drop) implements JobMessage {
}
