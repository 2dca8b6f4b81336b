package io.cangrid.bench.can;

import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.CanPhase;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * How long the neighbours of a crashed node take to notice it: for each crash, the update periods from the
 * crash until no node that held the crashed one in its neighbour table still does (it presumed it dead,
 * or dropped it when a takeover's claim covered its space). A neighbour that itself crashes or leaves
 * before noticing is no longer waited for.
 *
 * <p>The check runs every tenth of an update period while a crash is unnoticed (an event of the
 * simulation's driver, as joins are) and decides when no watcher holds the crashed node any more; the time
 * recorded is that of the last removal of the crashed node from a watcher's table, which each watcher
 * reports as it happens, so the figures are exact even when a watcher dropped the node and took it back
 * between two checks. Only when every watcher stopped being waited for without such a removal (it crashed
 * or left too) is the time that of the check. A crash whose last neighbour had not noticed it when the run
 * stopped counts with the time it had been waiting, and is counted apart.
 */
final class FailureDetection {

    static final int CHECKS_PER_PERIOD = 10;

    /** The run's figures. */
    record Figures(int crashes, double meanPeriods, double maxPeriods, int unnoticed) {
    }

    private static final class Crash {
        final NodeId crashed;
        final long atMillis;
        final List<CanNode> watchers;
        /** The watchers as they were at the crash: a removal counts only when one of them makes it. */
        final List<CanNode> neighbours;
        /** When a watcher last dropped the crashed node from its table; -1 before any did. */
        long lastRemovedMillis = -1;

        Crash(NodeId crashed, long atMillis, List<CanNode> watchers) {
            this.crashed = crashed;
            this.atMillis = atMillis;
            this.watchers = watchers;
            this.neighbours = List.copyOf(watchers);
        }
    }

    private final CanSimulation grid;
    private final long periodMillis;
    private final HarnessTime harness;
    private final List<Crash> pending = new ArrayList<>();
    private final Map<NodeId, Crash> pendingByNode = new HashMap<>();
    /** The nodes that report their removals to this measure (by id value): each is hooked once. */
    private final BitSet hooked = new BitSet();
    private boolean checking;
    private int crashes;
    private double sumPeriods;
    private double maxPeriods;

    /** {@code harness} times the checks as the benchmark's own work. */
    FailureDetection(CanSimulation grid, long periodMillis, HarnessTime harness) {
        this.grid = grid;
        this.periodMillis = periodMillis;
        this.harness = harness;
    }

    /** Call just before {@code victim} crashes: the nodes that hold it as a neighbour now are its watchers. */
    void crashing(CanNode victim) {
        List<CanNode> watchers = new ArrayList<>();
        for (NeighbourEntry e : victim.neighbours()) {
            CanNode n = grid.node(e.id());
            if (n != null && n.hasNeighbour(victim.id())) {
                watchers.add(n);
                hook(n);
            }
        }
        Crash crash = new Crash(victim.id(), grid.simulation().now(), watchers);
        pending.add(crash);
        pendingByNode.put(victim.id(), crash);
        if (!checking) {
            checking = true;
            grid.simulation().after(periodMillis / CHECKS_PER_PERIOD, this::check);
        }
    }

    private void hook(CanNode watcher) {
        int key = Math.toIntExact(watcher.id().value());
        if (!hooked.get(key)) {
            hooked.set(key);
            watcher.addListener(new CanListener() {
                @Override
                public void neighbourRemoved(NodeId id) {
                    harness.run(() -> {
                        Crash c = pendingByNode.get(id);
                        if (c != null && c.neighbours.contains(watcher)) {
                            c.lastRemovedMillis = grid.simulation().now();
                        }
                    });
                }
            });
        }
    }

    private void check() {
        harness.run(this::checkNow);
    }

    private void checkNow() {
        long now = grid.simulation().now();
        for (Iterator<Crash> it = pending.iterator(); it.hasNext(); ) {
            Crash c = it.next();
            c.watchers.removeIf(w -> !grid.simulation().isAlive(w.id()) || w.phase() != CanPhase.ACTIVE
                    || !w.hasNeighbour(c.crashed));
            if (c.watchers.isEmpty()) {
                record((c.lastRemovedMillis >= 0 ? c.lastRemovedMillis : now) - c.atMillis);
                it.remove();
                pendingByNode.remove(c.crashed);
            }
        }
        checking = !pending.isEmpty();
        if (checking) {
            grid.simulation().after(periodMillis / CHECKS_PER_PERIOD, this::check);
        }
    }

    private void record(long millis) {
        double periods = millis / (double) periodMillis;
        crashes++;
        sumPeriods += periods;
        maxPeriods = Math.max(maxPeriods, periods);
    }

    /** The figures as of now, null before the first crash; crashes still unnoticed count with the time waited. */
    Figures figures() {
        long now = grid.simulation().now();
        int unnoticed = pending.size();
        int n = crashes;
        double sum = sumPeriods;
        double max = maxPeriods;
        for (Crash c : pending) {
            double periods = (now - c.atMillis) / (double) periodMillis;
            n++;
            sum += periods;
            max = Math.max(max, periods);
        }
        return n == 0 ? null : new Figures(n, sum / n, max, unnoticed);
    }
}
