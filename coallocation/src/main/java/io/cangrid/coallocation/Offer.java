package io.cangrid.coallocation;

/**
 * What a grid offers: clusters of alike machines, each with the cpu and memory of its machines, how many of
 * them are free, and the bandwidth available between two machines of the cluster (the diagonal) or of two
 * clusters.
 */
public final class Offer {
    private final int[] cpu;
    private final int[] memory;
    private final int[] capacity;
    private final int[][] bandwidth;

    public Offer(int[] cpu, int[] memory, int[] capacity, int[][] bandwidth) {
        int m = cpu.length;
        if (memory.length != m || capacity.length != m || bandwidth.length != m) {
            throw new IllegalArgumentException("an offer of " + m + " clusters needs " + m
                    + " memory values, " + m + " capacities and an " + m + "×" + m + " bandwidth matrix");
        }
        for (int j = 0; j < m; j++) {
            if (capacity[j] < 0) {
                throw new IllegalArgumentException("cluster " + j + " has a negative number of free machines");
            }
            if (bandwidth[j].length != m) {
                throw new IllegalArgumentException("row " + j + " of the bandwidth matrix has "
                        + bandwidth[j].length + " entries, not " + m);
            }
            for (int l = 0; l < m; l++) {
                if (bandwidth[j][l] != bandwidth[l][j]) {
                    throw new IllegalArgumentException("the bandwidth between clusters " + j + " and " + l
                            + " differs by direction (" + bandwidth[j][l] + ", " + bandwidth[l][j] + ")");
                }
            }
        }
        this.cpu = cpu.clone();
        this.memory = memory.clone();
        this.capacity = capacity.clone();
        this.bandwidth = new int[m][];
        for (int j = 0; j < m; j++) {
            this.bandwidth[j] = bandwidth[j].clone();
        }
    }

    public int clusters() {
        return cpu.length;
    }

    public int cpu(int cluster) {
        return cpu[cluster];
    }

    public int memory(int cluster) {
        return memory[cluster];
    }

    public int capacity(int cluster) {
        return capacity[cluster];
    }

    public int bandwidth(int j, int l) {
        return bandwidth[j][l];
    }

    /** Whether a machine of {@code cluster} meets the minimums of {@code task}: constraint (3). */
    public boolean fits(Request request, int task, int cluster) {
        return request.cpu(task) <= cpu[cluster] && request.memory(task) <= memory[cluster];
    }
}
