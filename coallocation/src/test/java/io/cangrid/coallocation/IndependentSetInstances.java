package io.cangrid.coallocation;

/**
 * The instances of the reduction that makes the problem NP-complete: a graph's vertices are the tasks, its
 * edges links needing bandwidth 1; cluster A has k machines with no bandwidth among them, cluster B the other
 * n − k, linked to each other and to A. All n tasks fit iff the graph has an independent set of size k, and
 * when its largest, α, is smaller, the optimum is n − (k − α).
 */
final class IndependentSetInstances {
    private IndependentSetInstances() {
    }

    static Request request(int[][] edges, int vertices) {
        int[][] b = new int[vertices][vertices];
        for (int[] edge : edges) {
            b[edge[0]][edge[1]] = 1;
            b[edge[1]][edge[0]] = 1;
        }
        return Request.uniform(1, 1, b);
    }

    static Offer offer(int vertices, int k) {
        return new Offer(new int[] {1, 1}, new int[] {1, 1}, new int[] {k, vertices - k},
                new int[][] {{0, 1}, {1, 1}});
    }

    static int optimum(int vertices, int k, int independence) {
        return vertices - Math.max(0, k - independence);
    }

    /** The cycle of five vertices; its largest independent set has 2. */
    static final int[][] C5 = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}};

    /** The Petersen graph: an outer 5-cycle, an inner pentagram, spokes; its largest independent set has 4. */
    static final int[][] PETERSEN = {
            {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0},
            {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5},
            {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9}};
}
