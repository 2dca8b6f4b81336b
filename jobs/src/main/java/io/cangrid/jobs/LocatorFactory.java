package io.cangrid.jobs;

import io.cangrid.overlay.NodeContext;

/**
 * Creates the locator of one node, given the node's overlay and job agent. A locator for any overlay is a
 * {@code LocatorFactory<JobOverlay>}; one that needs a particular overlay names it.
 */
@FunctionalInterface
public interface LocatorFactory<O extends JobOverlay> {

    Locator create(NodeContext ctx, O overlay, JobAgent agent);
}
