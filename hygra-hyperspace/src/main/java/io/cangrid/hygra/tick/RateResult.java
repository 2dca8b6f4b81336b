package io.cangrid.hygra.tick;

import io.cangrid.hygra.message.FindFailure;
import java.util.Map;

/**
 * What one rate of the tick experiment measured. nReq = nAlloc + nRej + nFails.
 *
 * @param nRej requests no node of the grid could host, checked when they were issued (such a request is
 *        not sent on) and again when a search for them failed
 * @param nFails failed searches while some node of the grid could have hosted the request
 * @param failRatio nFails / nAlloc
 * @param nSteps mean moves (forward and back) of the allocated requests
 * @param optimality mean over allocations of 1 - d(host, best) / largest distance between two nodes, best
 *        being the node the heuristic picks among every node able to host, both as they stood then
 * @param failures failed searches (nFails) by the reason the protocol gave
 */
public record RateResult(int jobsPerTick, long nReq, long nAlloc, long nRej, long nFails, double failRatio,
        double nSteps, double optimality, Map<FindFailure, Long> failures) {

    public RateResult {
        failures = Map.copyOf(failures);
    }
}
