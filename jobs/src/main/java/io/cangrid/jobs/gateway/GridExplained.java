package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobId;

/** Node → client: the steps {@code node} kept about {@code job}, oldest first (none: it kept nothing). */
public record GridExplained(long ticket, JobId job, NodeId node, ExplainStep[] steps) implements Message {
}
