package io.cangrid.coallocation;

/**
 * The CTAAP-Solver heuristic for the clustered topology-aware co-allocation problem: graduated assignment
 * once for the weights, then a capacitated matching that ignores the links, then the clean-up that finds the
 * placements in the most link violations, forbids the worst one and matches again, until no link is
 * violated. The result always obeys every constraint; it may place fewer tasks than the optimum (the problem
 * is NP-complete and cannot be approximated), and is polynomial in the number of tasks and clusters whatever
 * the number of machines in a cluster.
 */
public final class CtaapSolver {
    private CtaapSolver() {
    }

    public static Allocation solve(Request request, Offer offer) {
        int n = request.tasks();
        int m = offer.clusters();
        double[][] weights = GraduatedAssignment.weights(request, offer);
        boolean[][] forbidden = new boolean[n][m];
        // Each round forbids one more (task, cluster) pair, so n·m + 1 rounds always end with no violation.
        for (int round = 0; round <= n * m; round++) {
            Allocation allocation = CapacitatedMatching.match(request, offer, weights, forbidden);
            int worst = worstPlacement(request, offer, allocation, weights);
            if (worst < 0) {
                return allocation;
            }
            forbidden[worst][allocation.clusterOf(worst)] = true;
        }
        throw new IllegalStateException("the clean-up did not end within " + (n * m + 1) + " rounds");
    }

    /**
     * The task whose placement is in the most violated links, ties to the lower weight and then to the lower
     * task; -1 when no link is violated.
     */
    private static int worstPlacement(Request request, Offer offer, Allocation allocation, double[][] weights) {
        int n = request.tasks();
        int[] violations = new int[n];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            int j = allocation.clusterOf(i);
            if (j == Allocation.NONE) {
                continue;
            }
            for (int k : request.neighbours(i)) {
                int l = allocation.clusterOf(k);
                if (k > i && l != Allocation.NONE && request.demand(i, k) > offer.bandwidth(j, l)) {
                    violations[i]++;
                    violations[k]++;
                    any = true;
                }
            }
        }
        if (!any) {
            return -1;
        }
        int worst = -1;
        for (int i = 0; i < n; i++) {
            if (violations[i] == 0) {
                continue;
            }
            if (worst < 0 || violations[i] > violations[worst]
                    || violations[i] == violations[worst]
                    && weights[i][allocation.clusterOf(i)] < weights[worst][allocation.clusterOf(worst)]) {
                worst = i;
            }
        }
        return worst;
    }
}
