package io.cangrid.coallocation;

import java.util.ArrayList;
import java.util.List;

/**
 * The constraints every allocation must obey, whatever found it: each task in at most one cluster (by the
 * allocation's form), no cluster given more tasks than it has free machines, each task's machine meeting its
 * minimums, and each pair of communicating tasks getting at least the bandwidth it needs between the clusters
 * (or inside the cluster) they were placed in.
 */
public final class Constraints {
    private Constraints() {
    }

    /** What the allocation breaks, one sentence each; empty when it is feasible. */
    public static List<String> violations(Request request, Offer offer, Allocation allocation) {
        List<String> broken = new ArrayList<>();
        int n = request.tasks();
        if (allocation.tasks() != n) {
            broken.add("the allocation places " + allocation.tasks() + " tasks; the request has " + n);
            return broken;
        }
        int[] used = new int[offer.clusters()];
        for (int i = 0; i < n; i++) {
            int j = allocation.clusterOf(i);
            if (j == Allocation.NONE) {
                continue;
            }
            if (j < 0 || j >= offer.clusters()) {
                broken.add("task " + i + " is placed in cluster " + j + ", which does not exist");
                continue;
            }
            used[j]++;
            if (!offer.fits(request, i, j)) {
                broken.add("task " + i + " needs cpu " + request.cpu(i) + " and memory " + request.memory(i)
                        + "; cluster " + j + " has " + offer.cpu(j) + " and " + offer.memory(j));
            }
        }
        for (int j = 0; j < used.length; j++) {
            if (used[j] > offer.capacity(j)) {
                broken.add("cluster " + j + " is given " + used[j] + " tasks; it has " + offer.capacity(j) + " free machines");
            }
        }
        for (int i = 0; i < n; i++) {
            int j = allocation.clusterOf(i);
            if (j < 0 || j >= offer.clusters()) {
                continue;
            }
            for (int k : request.neighbours(i)) {
                int l = allocation.clusterOf(k);
                if (k > i && l >= 0 && l < offer.clusters() && request.demand(i, k) > offer.bandwidth(j, l)) {
                    broken.add("tasks " + i + " and " + k + " need " + request.demand(i, k) + " between clusters "
                            + j + " and " + l + ", which have " + offer.bandwidth(j, l));
                }
            }
        }
        return broken;
    }

    public static boolean feasible(Request request, Offer offer, Allocation allocation) {
        return violations(request, offer, allocation).isEmpty();
    }
}
