package io.cangrid.coallocation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A request graph: tasks, each wanting one machine with at least its cpu and memory, and the bandwidth each
 * pair of tasks needs between their machines. A link carries traffic both ways, so the demand of a pair is the
 * larger of the two directions given.
 */
public final class Request {
    private final int[] cpu;
    private final int[] memory;
    private final int[][] demand;
    private final int[][] neighbours;

    public Request(int[] cpu, int[] memory, int[][] bandwidth) {
        int n = cpu.length;
        if (memory.length != n || bandwidth.length != n) {
            throw new IllegalArgumentException("a request of " + n + " tasks needs " + n
                    + " memory values and an " + n + "×" + n + " bandwidth matrix");
        }
        this.cpu = cpu.clone();
        this.memory = memory.clone();
        this.demand = new int[n][n];
        for (int i = 0; i < n; i++) {
            if (bandwidth[i].length != n) {
                throw new IllegalArgumentException("row " + i + " of the bandwidth matrix has "
                        + bandwidth[i].length + " entries, not " + n);
            }
            if (cpu[i] < 0 || memory[i] < 0) {
                throw new IllegalArgumentException("task " + i + " asks for a negative cpu or memory");
            }
            for (int k = 0; k < n; k++) {
                if (bandwidth[i][k] < 0) {
                    throw new IllegalArgumentException("tasks " + i + " and " + k + " ask for a negative bandwidth");
                }
                if (i != k) {
                    demand[i][k] = Math.max(bandwidth[i][k], bandwidth[k][i]);
                }
            }
        }
        this.neighbours = new int[n][];
        for (int i = 0; i < n; i++) {
            List<Integer> linked = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                if (demand[i][k] > 0) {
                    linked.add(k);
                }
            }
            neighbours[i] = linked.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** A request whose tasks all ask for the same machine, joined by the given bandwidths. */
    public static Request uniform(int cpu, int memory, int[][] bandwidth) {
        int[] c = new int[bandwidth.length];
        int[] m = new int[bandwidth.length];
        Arrays.fill(c, cpu);
        Arrays.fill(m, memory);
        return new Request(c, m, bandwidth);
    }

    public int tasks() {
        return cpu.length;
    }

    public int cpu(int task) {
        return cpu[task];
    }

    public int memory(int task) {
        return memory[task];
    }

    /** The bandwidth tasks {@code i} and {@code k} need between them; 0 when they do not communicate. */
    public int demand(int i, int k) {
        return demand[i][k];
    }

    /** The tasks {@code task} communicates with, in increasing order. */
    int[] neighbours(int task) {
        return neighbours[task];
    }

    /** The number of communicating pairs. */
    public int links() {
        int sum = 0;
        for (int[] linked : neighbours) {
            sum += linked.length;
        }
        return sum / 2;
    }
}
