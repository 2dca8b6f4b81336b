package io.cangrid.simulator.workload;

import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.SplitMix64;
import io.cangrid.simulator.scenario.Platform;
import io.cangrid.simulator.scenario.Platforms;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which platform each node of a run has: the nth node to join (initial or joining under churn) draws from
 * the nth stream of the seed, so every locator's run puts the same platforms on the same machines.
 */
public record NodePlatforms(Platforms platforms, long seed) {

    public static final NodePlatforms NONE = new NodePlatforms(Platforms.NONE, 0);

    public boolean isEmpty() {
        return platforms.isEmpty();
    }

    /** The platform of the {@code n}th node added to the grid. */
    public Platform of(int n) {
        return platforms.pick(new SplitMix64(SplitMix64.derive(seed, n)).nextDouble());
    }

    /** The ad of the {@code n}th node, of {@code capabilities}: its capabilities, OpSys and Arch; on UTC. */
    public MachineAd adOf(int n, ResourceSchema schema, Capabilities capabilities) {
        Platform p = of(n);
        Map<String, Value> attributes = new LinkedHashMap<>();
        attributes.put("OpSys", Value.of(p.opSys()));
        attributes.put("Arch", Value.of(p.arch()));
        return MachineAd.of(schema, capabilities, attributes, null, 0);
    }
}
