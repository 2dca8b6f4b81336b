package io.cangrid.live;

import io.cangrid.overlay.contract.NodeContextContract;
import io.cangrid.overlay.contract.RuntimeHarness;

/** The {@link io.cangrid.overlay.NodeContext} contract on live nodes over TCP on 127.0.0.1, in this JVM. */
class LiveContextContractTest extends NodeContextContract {

    @Override
    protected RuntimeHarness newHarness(long seed) {
        // Nothing live draws from a seed: ids and random streams come from a SecureRandom.
        return new LoopbackHarness();
    }
}
