package io.cangrid.coallocation;

import java.util.Arrays;

/** Where each task of a request was placed: a cluster's index, or {@link #NONE} when it was left out. */
public final class Allocation {
    public static final int NONE = -1;

    private final int[] clusterOf;

    public Allocation(int[] clusterOf) {
        this.clusterOf = clusterOf.clone();
    }

    public static Allocation empty(int tasks) {
        int[] none = new int[tasks];
        Arrays.fill(none, NONE);
        return new Allocation(none);
    }

    public int tasks() {
        return clusterOf.length;
    }

    public int clusterOf(int task) {
        return clusterOf[task];
    }

    /** The number of tasks placed: the objective both solvers maximise. */
    public int size() {
        int placed = 0;
        for (int cluster : clusterOf) {
            if (cluster != NONE) {
                placed++;
            }
        }
        return placed;
    }

    /** Whether every task was placed, which an all-or-nothing job needs. */
    public boolean complete() {
        return size() == clusterOf.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Allocation other && Arrays.equals(clusterOf, other.clusterOf);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(clusterOf);
    }

    @Override
    public String toString() {
        return Arrays.toString(clusterOf);
    }
}
