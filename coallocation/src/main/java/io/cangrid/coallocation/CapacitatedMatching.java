package io.cangrid.coallocation;

import org.jgrapht.Graph;
import org.jgrapht.alg.flow.mincost.CapacityScalingMinimumCostFlow;
import org.jgrapht.alg.flow.mincost.MinimumCostFlowProblem;
import org.jgrapht.alg.interfaces.MinimumCostFlowAlgorithm;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedMultigraph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The second step of the CTAAP-Solver: tasks matched to clusters ignoring the links, each task to at most one
 * cluster its machines fit, no cluster over its free machines. The matching places as many tasks as possible
 * and, among those, maximises the summed weights; placing the most tasks first is what the objective asks,
 * and a matching by weight alone can place fewer. Solved as a minimum-cost flow: each task sends one unit
 * either to a cluster (cost 1 − weight) or to a bin that costs more than any set of weights can make up.
 */
final class CapacitatedMatching {
    private CapacitatedMatching() {
    }

    static Allocation match(Request request, Offer offer, double[][] weights, boolean[][] forbidden) {
        int n = request.tasks();
        int m = offer.clusters();
        int bin = n + m;
        int sink = n + m + 1;
        double leftOut = n + 2.0;
        Graph<Integer, DefaultWeightedEdge> graph = new DirectedWeightedMultigraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v <= sink; v++) {
            graph.addVertex(v);
        }
        Map<DefaultWeightedEdge, Integer> capacity = new HashMap<>();
        Map<DefaultWeightedEdge, int[]> placement = new HashMap<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                if (offer.fits(request, i, j) && !forbidden[i][j] && offer.capacity(j) > 0) {
                    DefaultWeightedEdge arc = arc(graph, capacity, i, n + j, 1, 1 - weights[i][j]);
                    placement.put(arc, new int[] {i, j});
                }
            }
            arc(graph, capacity, i, bin, 1, leftOut);
        }
        for (int j = 0; j < m; j++) {
            arc(graph, capacity, n + j, sink, offer.capacity(j), 0);
        }
        arc(graph, capacity, bin, sink, n, 0);
        MinimumCostFlowProblem<Integer, DefaultWeightedEdge> problem =
                new MinimumCostFlowProblem.MinimumCostFlowProblemImpl<>(graph,
                        v -> v < n ? 1 : v == sink ? -n : 0, capacity::get);
        MinimumCostFlowAlgorithm.MinimumCostFlow<DefaultWeightedEdge> flow =
                new CapacityScalingMinimumCostFlow<Integer, DefaultWeightedEdge>().getMinimumCostFlow(problem);
        int[] clusterOf = new int[n];
        Arrays.fill(clusterOf, Allocation.NONE);
        placement.forEach((arc, taskAndCluster) -> {
            if (flow.getFlow(arc) > 0.5) {
                clusterOf[taskAndCluster[0]] = taskAndCluster[1];
            }
        });
        return new Allocation(clusterOf);
    }

    private static DefaultWeightedEdge arc(Graph<Integer, DefaultWeightedEdge> graph,
                                           Map<DefaultWeightedEdge, Integer> capacity,
                                           int from, int to, int units, double cost) {
        DefaultWeightedEdge arc = graph.addEdge(from, to);
        graph.setEdgeWeight(arc, cost);
        capacity.put(arc, units);
        return arc;
    }
}
