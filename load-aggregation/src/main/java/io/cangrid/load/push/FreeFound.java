package io.cangrid.load.push;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;

/** The answer of a {@link WaitingSearch}: {@code free} is a free node able to run the waiting job. */
public record FreeFound(JobId job, NodeId free) implements Message {
}
