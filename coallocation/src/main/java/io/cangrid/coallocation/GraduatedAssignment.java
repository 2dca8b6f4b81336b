package io.cangrid.coallocation;

import java.util.Arrays;

/**
 * The first step of the CTAAP-Solver: graduated assignment graph matching, run once, which gives every
 * (task, cluster) pair a weight in [0, 1] saying how profitable the placement looks for the request's links as
 * a whole. The matrix carries one slack row and one slack column that absorb tasks and machines left over;
 * as β grows each task's row tends to a single 1 and each cluster's column to at most its capacity of 1s.
 *
 * <p>Choices where the published procedure is silent: a link that fits the clusters' bandwidth counts +1 and
 * one that does not −1, so that a placement is held against each link it would break rather than merely not
 * rewarded; a task that does not fit a cluster's machines gets weight 0 there, where exp(0) = 1 would weigh
 * an impossible placement like a neutral one.
 * exp(β·Q) is taken relative to each row's largest exponent, with the row's slack entry scaled alike, which
 * leaves the row normalisation unchanged and keeps large requests from overflowing.
 */
final class GraduatedAssignment {
    static final double BETA_START = 0.5;
    static final double BETA_END = 10;
    static final double BETA_RATE = 1.075;
    static final int ASSIGNMENT_ITERATIONS = 4;
    static final int NORMALISATION_ITERATIONS = 30;
    private static final double INITIAL_EXCESS = 1e-3;
    private static final double CONVERGED = 1e-3;

    private GraduatedAssignment() {
    }

    /** The weights, n rows of m entries (the slack row and column dropped). */
    static double[][] weights(Request request, Offer offer) {
        int n = request.tasks();
        int m = offer.clusters();
        boolean[][] fits = new boolean[n][m];
        double[][] x = new double[n + 1][m + 1];
        for (double[] row : x) {
            Arrays.fill(row, 1 + INITIAL_EXCESS);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                fits[i][j] = offer.fits(request, i, j);
                if (!fits[i][j]) {
                    x[i][j] = 0;
                }
            }
        }
        int[] keep = new int[m];
        for (int j = 0; j < m; j++) {
            int capacity = Math.max(1, Math.min(n, offer.capacity(j)));
            keep[j] = n + 1 - (capacity - 1);
        }
        double[] column = new double[n + 1];
        for (double beta = BETA_START; beta <= BETA_END; beta *= BETA_RATE) {
            for (int round = 0; round < ASSIGNMENT_ITERATIONS; round++) {
                double[][] before = copy(x);
                softassign(request, offer, fits, beta, before, x);
                for (int step = 0; step < NORMALISATION_ITERATIONS; step++) {
                    double[][] previous = copy(x);
                    normaliseRows(x, n, m);
                    normaliseColumns(x, n, m, keep, column);
                    if (largestChange(previous, x) < CONVERGED) {
                        break;
                    }
                }
                if (largestChange(before, x) < CONVERGED) {
                    break;
                }
            }
        }
        double[][] weights = new double[n][];
        for (int i = 0; i < n; i++) {
            weights[i] = Arrays.copyOf(x[i], m);
        }
        return weights;
    }

    /** X_ij ← exp(β·Q_ij), where Q_ij sums, over i's links and every cluster l, X_kl times the link's fit. */
    private static void softassign(Request request, Offer offer, boolean[][] fits, double beta,
                                   double[][] before, double[][] x) {
        int n = request.tasks();
        int m = offer.clusters();
        double[] exponent = new double[m];
        for (int i = 0; i < n; i++) {
            double largest = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < m; j++) {
                if (!fits[i][j]) {
                    continue;
                }
                double q = 0;
                for (int k : request.neighbours(i)) {
                    int demand = request.demand(i, k);
                    for (int l = 0; l < m; l++) {
                        q += before[k][l] * (demand <= offer.bandwidth(j, l) ? 1 : -1);
                    }
                }
                exponent[j] = beta * q;
                largest = Math.max(largest, exponent[j]);
            }
            if (largest == Double.NEGATIVE_INFINITY) {
                continue;
            }
            for (int j = 0; j < m; j++) {
                x[i][j] = fits[i][j] ? Math.exp(exponent[j] - largest) : 0;
            }
            x[i][m] = before[i][m] * Math.exp(-largest);
        }
    }

    private static void normaliseRows(double[][] x, int n, int m) {
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j <= m; j++) {
                sum += x[i][j];
            }
            if (sum > 0) {
                for (int j = 0; j <= m; j++) {
                    x[i][j] /= sum;
                }
            }
        }
    }

    /** Divides each cluster's column by the sum of its smallest entries, all but its capacity less one largest. */
    private static void normaliseColumns(double[][] x, int n, int m, int[] keep, double[] column) {
        for (int j = 0; j < m; j++) {
            for (int i = 0; i <= n; i++) {
                column[i] = x[i][j];
            }
            Arrays.sort(column);
            double sum = 0;
            for (int s = 0; s < keep[j]; s++) {
                sum += column[s];
            }
            if (sum > 0) {
                for (int i = 0; i <= n; i++) {
                    x[i][j] = Math.min(1, x[i][j] / sum);
                }
            }
        }
    }

    private static double largestChange(double[][] a, double[][] b) {
        double largest = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                largest = Math.max(largest, Math.abs(a[i][j] - b[i][j]));
            }
        }
        return largest;
    }

    private static double[][] copy(double[][] x) {
        double[][] copy = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            copy[i] = x[i].clone();
        }
        return copy;
    }
}
