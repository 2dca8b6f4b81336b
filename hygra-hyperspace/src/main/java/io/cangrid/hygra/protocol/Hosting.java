package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.FindRequest;

/**
 * Where a request ends on a node (Algorithm 3, step 1). The paper's node holds what a request asks for
 * while its job runs ({@link HygraNode}'s own hosting); a node of the job life cycle, whose run queue
 * takes one job at a time, hosts differently (see the {@code grid} package), so the decision is pluggable.
 */
public interface Hosting {

    /** Whether this node takes {@code request} now. */
    boolean canHost(FindRequest request);

    /** Takes {@code request}; the finder tells the origin once this returns. */
    void allocate(FindRequest request);

    /**
     * The request entered this node and this node cannot host it: the request as it goes on, possibly
     * carrying this node as a better fallback. By default unchanged.
     */
    default FindRequest passing(FindRequest request) {
        return request;
    }
}
