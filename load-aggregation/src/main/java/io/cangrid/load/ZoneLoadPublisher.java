package io.cangrid.load;

import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.ad.Value;
import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.jobs.JobLoad;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeContext;
import io.cangrid.jobs.RunQueue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Computes what a node publishes in its state messages: for every zone it holds, Eq. 1–2 over the loads
 * its upper neighbours last published. A node holding several zones splits its own count (its cores) and its
 * queue (the cores its jobs take) among them by volume, so each node still counts once. The result is computed once per instant (and again
 * when the node's zones or queue change within it) and shared by the messages sent to every neighbour then.
 */
public final class ZoneLoadPublisher {

    private final NodeContext ctx;
    private final CanNode can;
    private final RunQueue queue;
    private LoadState cached;
    private long cachedAt = -1;
    private long cachedVersion = -1;
    private int cachedLength = -1;

    public ZoneLoadPublisher(NodeContext ctx, CanNode can, RunQueue queue) {
        this.ctx = ctx;
        this.can = can;
        this.queue = queue;
    }

    /** Forgets the cached result: a neighbour published new loads, so ours must be computed again. */
    public void invalidate() {
        cached = null;
    }

    public LoadState current() {
        long now = ctx.now();
        // Zones and queue may change within an instant (a split right after a periodic broadcast): the
        // state message that announces the change must carry loads of the zones it claims.
        if (cached == null || cachedAt != now || cachedVersion != can.version() || cachedLength != queue.length()) {
            cached = compute(now);
            cachedAt = now;
            cachedVersion = can.version();
            cachedLength = queue.length();
        }
        return cached;
    }

    private LoadState compute(long now) {
        List<ZoneLoad> around = new ArrayList<>();
        for (NeighbourEntry n : can.neighbours()) {
            NeighbourState state = n.lastState();
            if (state != null && state.extension() instanceof LoadState theirs) {
                for (ZoneLoad z : theirs.zones()) {
                    around.add(z);
                }
            }
        }
        Zone[] zones = can.zones();
        double volume = 0;
        for (Zone z : zones) {
            volume += z.volume();
        }
        ZoneLoad[] loads = new ZoneLoad[zones.length];
        int length = queue.length();
        // The measures count cores, so a node of 16 cores weighs as 16 one-core nodes and a 4-core job as
        // four one-core jobs; on one-core nodes they are the papers' node count and queue length.
        double cores = queue.cores();
        double demand = queue.coreDemand();
        String category = category();
        // A node's own zones are not in its neighbour table, yet one may lie right above another (a zone
        // taken over next to the node's home zone): the lower one must count the upper one and all above
        // it. The upward relation has no cycles, so one pass per zone reaches the end of every chain.
        for (int pass = 0; pass < zones.length; pass++) {
            List<ZoneLoad> withOwn = around;
            if (pass > 0) {
                withOwn = new ArrayList<>(around);
                withOwn.addAll(Arrays.asList(loads));
            }
            for (int i = 0; i < zones.length; i++) {
                double share = zones.length == 1 ? 1.0 : zones[i].volume() / volume;
                loads[i] = LoadAggregation.compute(zones[i], share * cores, share * demand, category, withOwn);
            }
        }
        return new LoadState(JobLoad.of(queue, length, now), loads);
    }

    /** This node's category: the operating system its ad names, or null when it names none. */
    private String category() {
        MachineAd machine = queue.machine();
        if (machine == null) {
            return null;
        }
        Value os = machine.ad().evaluate(CategoryLoads.ATTRIBUTE);
        return os instanceof Value.StringValue s ? CategoryLoads.categoryOf(s.value()) : null;
    }
}
