package io.cangrid.can.debug;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.sim.CanSimulation;
import io.cangrid.can.sim.PointSource;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.Arrays;
import java.util.SplittableRandom;

public class DebugLeave {
    public static void main(String[] a) {
        long seed = Long.parseLong(a[0]);
        int n = Integer.parseInt(a[1]);
        int leaves = Integer.parseInt(a[2]);
        CanSimulation grid = new CanSimulation(new Simulation(SimulationConfig.defaults(seed)), CanConfig.withUpdatePeriod(1000), PointSource.uniform(2), new SplittableRandom(seed));
        for (int i = 0; i < n; i++) { grid.addNode(); grid.simulation().runFor(20); }
        System.out.println(grid.settle(20) + " " + grid.inspect().describe());
        SplittableRandom rnd = new SplittableRandom(seed);
        grid.simulation().setMessageObserver((f, t, m, now) -> {
            if (m instanceof io.cangrid.can.message.Takeover || m instanceof io.cangrid.can.message.ZoneHandoff) System.out.println(now + " " + f + " -> " + t + " " + m);
            if (m instanceof io.cangrid.can.message.ZoneHandoff h) System.out.println("   " + Arrays.toString(h.zones()));
        });
        for (int i = 0; i < leaves; i++) {
            CanNode victim = grid.activeNodes().get(rnd.nextInt(grid.activeCount()));
            System.out.println("leave " + victim.id() + " " + Arrays.toString(victim.zones()));
            grid.leave(victim.id());
            grid.simulation().runFor(3_000);
            System.out.println("  -> " + grid.inspect().describe());
            for (CanNode x : grid.activeNodes()) for (var z : x.zones()) if (z.path().toString().equals("/11101")) System.out.println("    holder " + x.id() + " " + z);
        }
    }
}
