package io.cangrid.coallocation;

import java.util.SplittableRandom;

/**
 * The random instances of the CTAAP-Solver paper's experiments: tasks with one computing property and link
 * demands drawn uniformly from 1..100, clusters whose property and bandwidths are drawn from 1..{@code
 * offerRange} and whose free machines from 1..{@code maxCapacity}. Memory is not drawn (every machine has
 * enough), so a task fits a cluster with probability (r − 1)/r + 0.505/r for an offer range of 100·r.
 * {@code density} is the probability that two tasks communicate, which the paper does not state.
 */
public final class RandomInstances {
    public static final int REQUEST_RANGE = 100;

    /** A request and an offer drawn together. */
    public record Instance(Request request, Offer offer) {
    }

    private RandomInstances() {
    }

    public static Instance draw(SplittableRandom random, int tasks, int clusters, int maxCapacity, int offerRange,
                                double density) {
        int[] cpu = new int[tasks];
        int[] memory = new int[tasks];
        int[][] bandwidth = new int[tasks][tasks];
        for (int i = 0; i < tasks; i++) {
            cpu[i] = random.nextInt(1, REQUEST_RANGE + 1);
        }
        for (int i = 0; i < tasks; i++) {
            for (int k = i + 1; k < tasks; k++) {
                if (random.nextDouble() < density) {
                    bandwidth[i][k] = random.nextInt(1, REQUEST_RANGE + 1);
                    bandwidth[k][i] = bandwidth[i][k];
                }
            }
        }
        int[] clusterCpu = new int[clusters];
        int[] clusterMemory = new int[clusters];
        int[] capacity = new int[clusters];
        int[][] links = new int[clusters][clusters];
        for (int j = 0; j < clusters; j++) {
            clusterCpu[j] = random.nextInt(1, offerRange + 1);
            capacity[j] = random.nextInt(1, maxCapacity + 1);
            for (int l = j; l < clusters; l++) {
                links[j][l] = random.nextInt(1, offerRange + 1);
                links[l][j] = links[j][l];
            }
        }
        return new Instance(new Request(cpu, memory, bandwidth), new Offer(clusterCpu, clusterMemory, capacity, links));
    }
}
