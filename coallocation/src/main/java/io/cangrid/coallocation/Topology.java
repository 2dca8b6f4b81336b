package io.cangrid.coallocation;

import java.util.List;
import java.util.Locale;

/**
 * The shapes a request graph is written in: a ring, all tasks to all, a two-dimensional mesh, or explicit
 * edges, each edge with the bandwidth it needs. Each gives the symmetric bandwidth matrix of a
 * {@link Request}.
 */
public final class Topology {
    /** One link of an explicit topology: tasks {@code a} and {@code b} need {@code bandwidth} between them. */
    public record Edge(int a, int b, int bandwidth) {
    }

    private Topology() {
    }

    /**
     * The named shape ({@code ring}, {@code all-to-all}, {@code mesh2d}) over {@code tasks} tasks, every link
     * needing {@code bandwidth}.
     */
    public static int[][] named(String shape, int tasks, int bandwidth) {
        return switch (shape.toLowerCase(Locale.ROOT)) {
            case "ring" -> ring(tasks, bandwidth);
            case "all-to-all" -> allToAll(tasks, bandwidth);
            case "mesh2d" -> mesh2d(tasks, bandwidth);
            default -> throw new TopologyException("Topology = \"" + shape
                    + "\" is not a shape; use ring, all-to-all, mesh2d, or explicit Edges");
        };
    }

    public static int[][] ring(int tasks, int bandwidth) {
        int[][] b = new int[tasks][tasks];
        if (tasks > 1) {
            for (int i = 0; i < tasks; i++) {
                link(b, i, (i + 1) % tasks, bandwidth);
            }
        }
        return b;
    }

    public static int[][] allToAll(int tasks, int bandwidth) {
        int[][] b = new int[tasks][tasks];
        for (int i = 0; i < tasks; i++) {
            for (int k = i + 1; k < tasks; k++) {
                link(b, i, k, bandwidth);
            }
        }
        return b;
    }

    /** A mesh of rows × columns with the most square shape the number of tasks allows; a prime is one row. */
    public static int[][] mesh2d(int tasks, int bandwidth) {
        int rows = 1;
        for (int r = 1; r * r <= tasks; r++) {
            if (tasks % r == 0) {
                rows = r;
            }
        }
        int columns = tasks == 0 ? 0 : tasks / rows;
        int[][] b = new int[tasks][tasks];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                int i = r * columns + c;
                if (c + 1 < columns) {
                    link(b, i, i + 1, bandwidth);
                }
                if (r + 1 < rows) {
                    link(b, i, i + columns, bandwidth);
                }
            }
        }
        return b;
    }

    /** Explicit edges; an edge naming a task that does not exist, a task linked to itself or a negative bandwidth is refused. */
    public static int[][] edges(int tasks, List<Edge> edges) {
        int[][] b = new int[tasks][tasks];
        for (int e = 0; e < edges.size(); e++) {
            Edge edge = edges.get(e);
            String name = "edge " + e + " (" + edge.a() + "-" + edge.b() + ")";
            for (int task : new int[] {edge.a(), edge.b()}) {
                if (task < 0 || task >= tasks) {
                    throw new TopologyException(name + " names task " + task + ", which does not exist; the tasks are 0.."
                            + (tasks - 1));
                }
            }
            if (edge.a() == edge.b()) {
                throw new TopologyException(name + " links task " + edge.a() + " to itself");
            }
            if (edge.bandwidth() < 0) {
                throw new TopologyException(name + " needs a negative bandwidth, " + edge.bandwidth());
            }
            link(b, edge.a(), edge.b(), Math.max(edge.bandwidth(), b[edge.a()][edge.b()]));
        }
        return b;
    }

    private static void link(int[][] b, int i, int k, int bandwidth) {
        b[i][k] = bandwidth;
        b[k][i] = bandwidth;
    }
}
