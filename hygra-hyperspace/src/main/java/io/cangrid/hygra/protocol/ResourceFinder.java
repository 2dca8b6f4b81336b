package io.cangrid.hygra.protocol;

import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.message.FindOutcome;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.message.Visit;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Algorithm 3 at one node: allocate here, else forward to the linked unvisited node the heuristic picks
 * inside the admissible region (or, with none admissible, the one nearest the request), else apply the
 * dead-end strategy. Knowledge of linked nodes is what their state notifications said.
 */
final class ResourceFinder {

    private final NodeContext ctx;
    private final HygraParameters params;
    private final LinkTable links;
    private final Supplier<NodeState> self;
    private final Hosting host;
    private final FindingListener listener;

    ResourceFinder(NodeContext ctx, HygraParameters params, LinkTable links, Supplier<NodeState> self, Hosting host,
            FindingListener listener) {
        this.ctx = ctx;
        this.params = params;
        this.links = links;
        this.self = self;
        this.host = host;
        this.listener = listener;
    }

    void onRequest(FindRequest arrived) {
        NodeState here = self.get();
        FindRequest request;
        if (arrived.returning()) {
            Visit mine = arrived.visit(arrived.route()[arrived.routeLength() - 1]);
            boolean moved = !mine.node().equals(here.node()) || !mine.point().equals(here.point());
            if (moved && params.hole() == HoleInHistory.FAIL) {
                fail(arrived, FindFailure.HOLE_IN_HISTORY);
                return;
            }
            request = arrived;
        } else {
            request = arrivedHere(arrived, here);
        }
        boolean hostable = host.canHost(request);
        if (!hostable && !arrived.returning()) {
            request = host.passing(request);
        }
        NodeState next = null;
        if (hostable) {
            next = params.placement() == Placement.CLIMB ? betterHost(request, here) : null;
            if (next == null || request.hops() >= params.hopLimit()) {
                listener.allocated(request, here);
                host.allocate(request);
                ctx.send(request.origin(), new FindOutcome(request.requestId(), here.node(), null, request.hops(), null));
                return;
            }
        } else {
            next = nextHop(request);
        }
        if (request.hops() >= params.hopLimit()) {
            fail(request, FindFailure.HOP_LIMIT);
        } else if (next != null) {
            listener.moved(request, here.node(), next.node(), false);
            ctx.send(next.node(), new FindRequest(request.requestId(), request.origin(), request.demand(),
                    request.target(), request.durationMillis(), request.visited(), request.route(),
                    request.hops() + 1, false, request.fallback()));
        } else if (params.deadEnd() == DeadEndStrategy.STOP) {
            fail(request, FindFailure.DEAD_END);
        } else {
            backtrack(request);
        }
    }

    /** P ⊕ i: this node joins the visited list and the route. */
    private static FindRequest arrivedHere(FindRequest r, NodeState here) {
        Visit[] visited = Arrays.copyOf(r.visited(), r.visitCount() + 1);
        visited[r.visitCount()] = new Visit(here.node(), here.point());
        int[] route = Arrays.copyOf(r.route(), r.routeLength() + 1);
        route[r.routeLength()] = r.visitCount();
        return new FindRequest(r.requestId(), r.origin(), r.demand(), r.target(), r.durationMillis(), visited, route,
                r.hops(), false, r.fallback());
    }

    private void backtrack(FindRequest r) {
        if (r.routeLength() < 2) {
            fail(r, FindFailure.NOT_FOUND);
            return;
        }
        NodeId previous = r.routeAt(r.routeLength() - 2);
        listener.moved(r, ctx.self(), previous, true);
        ctx.send(previous, new FindRequest(r.requestId(), r.origin(), r.demand(), r.target(), r.durationMillis(),
                r.visited(), Arrays.copyOf(r.route(), r.routeLength() - 1), r.hops() + 1, true, r.fallback()));
    }

    private void fail(FindRequest r, FindFailure failure) {
        listener.failed(r, ctx.self(), failure);
        ctx.send(r.origin(), new FindOutcome(r.requestId(), null, failure, r.hops(), r.fallback()));
    }

    /** Steps 3–5: heuristic pick inside the admissible region, else the unvisited link nearest the request. */
    private NodeState nextHop(FindRequest r) {
        NodeState bestAdmissible = null;
        NodeState nearest = null;
        Map<NodeId, Visit> lastVisits = lastVisits(r);
        for (NodeState link : links.states()) {
            if (visited(link, lastVisits)) {
                continue;
            }
            double d = link.point().distanceTo(r.target());
            if (link.available().covers(r.demand())) {
                if (bestAdmissible == null
                        || params.heuristic().prefers(d, bestAdmissible.point().distanceTo(r.target()))) {
                    bestAdmissible = link;
                }
            } else if (nearest == null || d < nearest.point().distanceTo(r.target())) {
                nearest = link;
            }
        }
        return bestAdmissible != null ? bestAdmissible : nearest;
    }

    /** Placement CLIMB: an unvisited linked host the heuristic prefers to this node, if any. */
    private NodeState betterHost(FindRequest r, NodeState here) {
        double mine = here.point().distanceTo(r.target());
        NodeState best = null;
        double bestDistance = mine;
        Map<NodeId, Visit> lastVisits = lastVisits(r);
        for (NodeState link : links.states()) {
            double d = link.point().distanceTo(r.target());
            if (!visited(link, lastVisits) && link.available().covers(r.demand())
                    && params.heuristic().prefers(d, bestDistance)) {
                best = link;
                bestDistance = d;
            }
        }
        return best;
    }

    private static Map<NodeId, Visit> lastVisits(FindRequest r) {
        Map<NodeId, Visit> last = new HashMap<>();
        for (int i = 0; i < r.visitCount(); i++) {
            last.put(r.visit(i).node(), r.visit(i));
        }
        return last;
    }

    private boolean visited(NodeState link, Map<NodeId, Visit> lastVisits) {
        Visit visit = lastVisits.get(link.node());
        if (visit == null) {
            return false;
        }
        return params.identity() == VisitIdentity.BY_ID || visit.point().equals(link.point());
    }
}
