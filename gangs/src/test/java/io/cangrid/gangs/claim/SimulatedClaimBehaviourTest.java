package io.cangrid.gangs.claim;

import io.cangrid.overlay.contract.RuntimeHarness;
import io.cangrid.overlay.contract.SimRuntimeHarness;

/** The claim's behaviour suite in the deterministic simulation. */
class SimulatedClaimBehaviourTest extends ClaimBehaviourSuite {

    @Override
    protected RuntimeHarness newRuntime(long seed) {
        return new SimRuntimeHarness(seed);
    }
}
