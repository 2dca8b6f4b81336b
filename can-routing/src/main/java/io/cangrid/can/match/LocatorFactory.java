package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.job.JobAgent;
import io.cangrid.overlay.job.Locator;

/** Creates the locator of one grid node, given the node's overlay and job agent. */
@FunctionalInterface
public interface LocatorFactory {

    Locator create(NodeContext ctx, CanNode can, JobAgent agent);
}
