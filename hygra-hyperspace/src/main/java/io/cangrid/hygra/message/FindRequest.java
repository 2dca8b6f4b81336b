package io.cangrid.hygra.message;

import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;

/**
 * A job allocation request (q, P) on its way (Algorithm 3). {@code visited} is P, every node seen in
 * order; {@code route} holds the positions in P of the nodes still leading from the first node to the
 * current one, which backtracking walks back along. Both are snapshots: a hop builds new arrays.
 *
 * @param hops moves made so far, forward and back
 * @param returning true when the sender backtracked to this node
 * @param fallback the best host to fall back on seen so far, or null (only hosts that offer one set it)
 */
public record FindRequest(long requestId, NodeId origin, ResourceVector demand, Point target, long durationMillis,
        Visit[] visited, int[] route, int hops, boolean returning, Fallback fallback) implements HygraMessage {

    public FindRequest {
        visited = visited.clone();
        route = route.clone();
    }

    @Override
    public Visit[] visited() {
        return visited.clone();
    }

    @Override
    public int[] route() {
        return route.clone();
    }

    /** The same request carrying {@code better} as its fallback. */
    public FindRequest withFallback(Fallback better) {
        return new FindRequest(requestId, origin, demand, target, durationMillis, visited, route, hops, returning,
                better);
    }

    public int visitCount() {
        return visited.length;
    }

    public Visit visit(int index) {
        return visited[index];
    }

    public int routeLength() {
        return route.length;
    }

    /** The node at position {@code index} of the route. */
    public NodeId routeAt(int index) {
        return visited[route[index]].node();
    }
}
