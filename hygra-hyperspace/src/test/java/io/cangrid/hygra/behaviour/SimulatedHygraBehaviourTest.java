package io.cangrid.hygra.behaviour;

import io.cangrid.overlay.contract.RuntimeHarness;
import io.cangrid.overlay.contract.SimRuntimeHarness;

/** HYGRA's behaviour suite on the deterministic simulation (exponential latency, 50 ms mean). */
class SimulatedHygraBehaviourTest extends HygraBehaviourSuite {

    @Override
    protected RuntimeHarness newRuntime(long seed) {
        return new SimRuntimeHarness(seed);
    }

    @Override
    protected long periodMillis() {
        return 1_000;
    }
}
