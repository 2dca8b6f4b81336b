package io.cangrid.can.debug;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.can.CanConfig;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.Arrays;
import java.util.SplittableRandom;

public class DebugRun {
    public static void main(String[] a) {
        long seed = 42;
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)), CanConfig.withUpdatePeriod(1000), PointSource.uniform(3), new SplittableRandom(seed));
        java.util.Set<Long> watch = java.util.Set.of(119L, 212L, 186L);
        grid.simulation().setMessageObserver((f, t, m, now) -> {
            boolean j186 = m instanceof io.cangrid.can.message.RouteEnvelope re0 && re0.payload() instanceof io.cangrid.can.message.JoinRequest jr && jr.joiner().value() == 186 && now < 2000;
            boolean acc = m instanceof io.cangrid.can.message.JoinAccept ja0 && Arrays.toString(ja0.zones()).contains("/00100") && now < 2000;
            if (acc ||  (now < 40000 && (watch.contains(f.value()) || watch.contains(t.value())) && !(m instanceof io.cangrid.can.message.RouteEnvelope))) {
                String extra = "";
                if (m instanceof io.cangrid.can.message.NeighbourState ns) extra = "v" + ns.self().version() + " " + Arrays.toString(ns.self().zones()) + " nbrs=" + Arrays.stream(ns.neighbours()).map(c -> c.node().toString()).toList();
                if (m instanceof io.cangrid.can.message.JoinAccept ja) extra = Arrays.toString(ja.zones()) + " nbrs=" + Arrays.stream(ja.neighbours()).map(c -> c.node()+"v"+c.version()+Arrays.toString(c.zones())).toList();
                if (m instanceof io.cangrid.can.message.RouteEnvelope re) extra = re.payload().getClass().getSimpleName() + " hops=" + re.hops() + " " + re.target();
                System.out.println(now + " " + f + " -> " + t + " " + m.getClass().getSimpleName() + " " + extra);
            }
        });
        for (int i = 0; i < 300; i++) { grid.addNode(); grid.simulation().runFor(5); }
        System.out.println(grid.settle(20) + " " + grid.inspect().describe());
        for (CanNode x : grid.allNodes()) if (x.phase() != io.cangrid.can.CanPhase.ACTIVE) System.out.println("not active " + x.id() + " " + x.phase() + " " + x.point());
        for (int id : new int[]{119, 212}) {
            CanNode n = grid.allNodes().get(id);
            System.out.println(id + " zones " + Arrays.toString(n.zones()) + " v" + n.version() + " pt " + n.point());
            for (NeighbourEntry e : n.neighbours()) System.out.println("   " + e.id() + " " + Arrays.toString(e.zones()));
        }
    }
}
