package io.cangrid.can.debug;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.Arrays;
import java.util.SplittableRandom;

public class DebugChurn {
    public static void main(String[] a) {
        long seed = Long.parseLong(a[0]);
        int dims = Integer.parseInt(a[1]);
        boolean verbose = a.length > 2;
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)), CanConfig.withUpdatePeriod(1000), PointSource.uniform(dims), new SplittableRandom(seed));
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 60; i++) { grid.addNode(); grid.simulation().runFor(5); }
        if (verbose) grid.simulation().setMessageObserver((f, t, m, now) -> {
            if (m instanceof io.cangrid.can.message.Takeover || m instanceof io.cangrid.can.message.ZoneHandoff) System.out.println(now + " " + f + " -> " + t + " " + m);
            if (m instanceof io.cangrid.can.message.ZoneHandoff h) System.out.println("   " + Arrays.toString(h.zones()));
            if (m instanceof io.cangrid.can.message.JoinAccept h) System.out.println(now + " " + f + " -> " + t + " accept " + Arrays.toString(h.zones()) + " nbrs=" + Arrays.stream(h.neighbours()).map(c -> c.node()+"v"+c.version()).toList());
            String w = System.getProperty("watch", "");
            if (m instanceof io.cangrid.can.message.NeighbourState ns && !w.isEmpty() && w.contains("," + f.value() + ",") && w.contains("," + t.value() + ","))
                System.out.println(now + " " + f + " -> " + t + " state v" + ns.self().version() + " " + Arrays.toString(ns.self().zones()) + " nbrs=" + Arrays.stream(ns.neighbours()).map(c -> c.node()+"v"+c.version()).toList());
            if (m instanceof io.cangrid.can.message.ZoneHandoff h) System.out.println("   nbrs=" + Arrays.stream(h.neighbours()).map(c -> c.node()+"v"+c.version()).toList());
        });
        for (int step = 0; step < 60; step++) {
            int action = rnd.nextInt(4);
            if (action <= 1 || grid.activeCount() < 10) {
                var id = grid.addNode();
                if (verbose) System.out.println(grid.simulation().now() + " add " + id);
            } else {
                CanNode victim = grid.randomActive();
                if (verbose) System.out.println(grid.simulation().now() + (action == 2 ? " leave " : " crash ") + victim.id() + " " + Arrays.toString(victim.zones()));
                if (action == 2) grid.leave(victim.id()); else grid.crash(victim.id());
            }
            grid.simulation().runFor(rnd.nextLong(Long.getLong("gapMin", 1), Long.getLong("gapMax", 400)));
        }
        for (int p = 0; p < 30; p++) {
            grid.simulation().runFor(1000);
            var r = grid.inspect();
            System.out.println("period " + p + " " + r.describe().substring(0, Math.min(400, r.describe().length())));
            if (r.settled()) break;
        }
        java.util.Random r2 = new java.util.Random(1);
        for (int k = 0; k < 20000; k++) {
            double[] c = new double[dims]; for (int d = 0; d < dims; d++) c[d] = r2.nextDouble();
            var p = io.cangrid.overlay.Point.of(c);
            int owners = 0; for (CanNode x : grid.activeNodes()) for (var z : x.zones()) if (z.contains(p)) owners++;
            if (owners != 1) { System.out.println("point " + p + " owners " + owners); break; }
        }
        for (CanNode x : grid.allNodes()) if (x.phase() != io.cangrid.can.CanPhase.ACTIVE && grid.simulation().isAlive(x.id())) System.out.println("not active " + x.id() + " " + x.phase());
        if (verbose) for (CanNode x : grid.activeNodes()) System.out.println(x.id() + " " + Arrays.toString(x.zones()));
    }
}
