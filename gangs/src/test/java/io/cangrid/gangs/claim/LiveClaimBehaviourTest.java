package io.cangrid.gangs.claim;

import io.cangrid.live.LoopbackHarness;
import io.cangrid.overlay.contract.RuntimeHarness;

/** The claim's behaviour suite on live nodes over authenticated TCP on 127.0.0.1 in this JVM. */
class LiveClaimBehaviourTest extends ClaimBehaviourSuite {

    @Override
    protected RuntimeHarness newRuntime(long seed) {
        return new LoopbackHarness();
    }
}
