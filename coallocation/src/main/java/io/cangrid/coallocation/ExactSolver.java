package io.cangrid.coallocation;

import com.google.ortools.Loader;
import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The exact solver the heuristic is judged by: the problem as a 0-1 program solved by OR-Tools' CP-SAT. One
 * variable for each pair of a task and a cluster its machines fit; at most one cluster per task, at most its
 * free machines per cluster; and the link constraint: a task placed in a cluster excludes each task it
 * communicates with from every cluster whose bandwidth to that one is too small. Exponential in the worst
 * case, so it takes a time limit; a result that hit it says it may not be optimal.
 */
public final class ExactSolver {
    /** The best allocation found and whether the solver proved it optimal within the time limit. */
    public record Solution(Allocation allocation, boolean optimal) {
    }

    private ExactSolver() {
    }

    public static Solution solve(Request request, Offer offer, Duration limit) {
        loadNativeLibraries();
        int n = request.tasks();
        int m = offer.clusters();
        CpModel model = new CpModel();
        BoolVar[][] x = new BoolVar[n][m];
        List<BoolVar> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                if (offer.fits(request, i, j) && offer.capacity(j) > 0) {
                    x[i][j] = model.newBoolVar("x" + i + "_" + j);
                    all.add(x[i][j]);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            model.addAtMostOne(present(x[i]));
        }
        for (int j = 0; j < m; j++) {
            List<BoolVar> column = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (x[i][j] != null) {
                    column.add(x[i][j]);
                }
            }
            model.addLessOrEqual(LinearExpr.sum(column.toArray(new BoolVar[0])), offer.capacity(j));
        }
        for (int i = 0; i < n; i++) {
            for (int k : request.neighbours(i)) {
                for (int j = 0; j < m; j++) {
                    if (x[i][j] == null) {
                        continue;
                    }
                    // Task k sits in one cluster at most, so one row per (i, k, j) says all of it: placing i in
                    // j excludes k from every cluster too narrowly linked to j.
                    List<Literal> excluded = new ArrayList<>(List.of(x[i][j]));
                    for (int l = 0; l < m; l++) {
                        if (x[k][l] != null && request.demand(i, k) > offer.bandwidth(j, l)) {
                            excluded.add(x[k][l]);
                        }
                    }
                    if (excluded.size() > 1) {
                        model.addAtMostOne(excluded);
                    }
                }
            }
        }
        model.maximize(LinearExpr.sum(all.toArray(new BoolVar[0])));
        CpSolver solver = new CpSolver();
        solver.getParameters().setMaxTimeInSeconds(limit.toMillis() / 1000.0);
        // One worker: the same search on every run, and a time that compares with the single-threaded heuristic.
        solver.getParameters().setNumWorkers(1);
        CpSolverStatus status = solver.solve(model);
        int[] clusterOf = new int[n];
        Arrays.fill(clusterOf, Allocation.NONE);
        if (status == CpSolverStatus.OPTIMAL || status == CpSolverStatus.FEASIBLE) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    if (x[i][j] != null && solver.booleanValue(x[i][j])) {
                        clusterOf[i] = j;
                    }
                }
            }
        } else if (status != CpSolverStatus.UNKNOWN) {
            throw new IllegalStateException("the exact solver ended " + status + " on a problem that always has the empty allocation");
        }
        return new Solution(new Allocation(clusterOf), status == CpSolverStatus.OPTIMAL);
    }

    private static void loadNativeLibraries() {
        try {
            Loader.loadNativeLibraries();
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            throw new IllegalStateException("the exact solver needs OR-Tools' native library, which cangrid carries for"
                    + " Linux x86-64 only; this machine is " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch"), e);
        }
    }

    private static List<Literal> present(BoolVar[] row) {
        List<Literal> present = new ArrayList<>();
        for (BoolVar v : row) {
            if (v != null) {
                present.add(v);
            }
        }
        return present;
    }
}
