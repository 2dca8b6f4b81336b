package io.cangrid.can.sim;

import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * One node at the centre of every cell of a regular {@code k^D} lattice ({@code k} a power of two): the
 * population on which the path-length formula {@code D/3 · n^(1/D)} holds, because the zones end up as the
 * equal cubes it assumes.
 *
 * <p>The nodes join in levels. Before level {@code t} every node sits at the lowest cell of its zone, a
 * dyadic box; at level {@code t} each node gets one joiner at the cell half its zone's side further along
 * dimension {@code t mod D}. The two points differ in that dimension only and the zone's midpoint lies
 * between them, so either split rule halves the zone there and both halves again have their node at their
 * lowest cell. Random join order would not do: where no midpoint separates two points, a split falls
 * half way between them, which may cut through a cell.
 *
 * <p>Why it exists: on random points the zones are unequal and the large ones shorten paths, so mean hops
 * fall below the formula; this population separates that effect of the construction from the routing.
 */
public final class LatticePoints {

    private final int side;
    private final int dims;
    /** Cell coordinates of every node handed out so far. */
    private final List<int[]> cells = new ArrayList<>();
    private int level;

    /** @param nodes must be {@code k^dims} for a power of two {@code k >= 2} */
    public LatticePoints(int nodes, int dims) {
        this.side = requireSide(nodes, dims);
        this.dims = dims;
    }

    /** The lattice's side for {@code nodes} nodes; throws, naming valid counts, when there is none. */
    public static int requireSide(int nodes, int dims) {
        int k = sideOf(nodes, dims);
        if (k < 2) {
            throw new IllegalArgumentException("--points lattice needs --nodes = k^D for a power of two k >= 2 (in "
                    + dims + " dimensions: " + examples(dims) + "), was " + nodes);
        }
        return k;
    }

    /** The lattice's side {@code k} when {@code nodes = k^dims} with {@code k} a power of two, else 0. */
    public static int sideOf(int nodes, int dims) {
        for (long k = 2; Math.pow(k, dims) <= nodes; k *= 2) {
            if (Math.round(Math.pow(k, dims)) == nodes) {
                return (int) k;
            }
        }
        return 0;
    }

    private static String examples(int dims) {
        StringBuilder s = new StringBuilder();
        for (long k = 2; k <= 32 && Math.pow(k, dims) <= 1 << 24; k *= 2) {
            s.append(s.length() == 0 ? "" : ", ").append(Math.round(Math.pow(k, dims)));
        }
        return s.toString();
    }

    /** The node that starts the grid, at the lowest cell. */
    public Point first() {
        if (!cells.isEmpty()) {
            throw new IllegalStateException("the lattice's first node is already placed");
        }
        int[] origin = new int[dims];
        cells.add(origin);
        return point(origin);
    }

    /** Whether some nodes are still to join. */
    public boolean hasNextLevel() {
        return !cells.isEmpty() && cells.size() < Math.pow(side, dims);
    }

    /** The points of the next level's joiners, one per node placed so far, in random order. */
    public List<Point> nextLevel(RandomGenerator random) {
        if (!hasNextLevel()) {
            throw new IllegalStateException("no level left: place the first node, or every cell has its node");
        }
        int d = level % dims;
        int offset = side >> (level / dims + 1);
        List<int[]> joiners = new ArrayList<>(cells.size());
        for (int[] cell : cells) {
            int[] next = cell.clone();
            next[d] += offset;
            joiners.add(next);
        }
        for (int i = joiners.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int[] swap = joiners.get(i);
            joiners.set(i, joiners.get(j));
            joiners.set(j, swap);
        }
        cells.addAll(joiners);
        level++;
        List<Point> points = new ArrayList<>(joiners.size());
        for (int[] cell : joiners) {
            points.add(point(cell));
        }
        return points;
    }

    private Point point(int[] cell) {
        double[] c = new double[dims];
        for (int d = 0; d < dims; d++) {
            c[d] = (cell[d] + 0.5) / side;
        }
        return Point.of(c);
    }

    /**
     * The mean hop count of greedy routing on the finished lattice from a uniformly random node to a
     * uniformly random point: the Manhattan distance in cells, {@code D (k^2 - 1) / (3k)}, which tends to
     * the formula {@code D/3 · k} as {@code k} grows.
     */
    public double exactMeanHops() {
        return dims * (side * (double) side - 1) / (3.0 * side);
    }
}
