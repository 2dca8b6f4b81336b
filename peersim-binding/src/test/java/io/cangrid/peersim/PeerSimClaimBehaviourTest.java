package io.cangrid.peersim;

import io.cangrid.gangs.claim.ClaimBehaviourSuite;
import io.cangrid.overlay.contract.RuntimeHarness;

/** The claim of gangs' behaviour suite on PeerSim's event-driven engine. */
class PeerSimClaimBehaviourTest extends ClaimBehaviourSuite {

    @Override
    protected RuntimeHarness newRuntime(long seed) {
        return new PeerSimHarness(seed);
    }
}
