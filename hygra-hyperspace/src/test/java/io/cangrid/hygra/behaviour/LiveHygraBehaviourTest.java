package io.cangrid.hygra.behaviour;

import io.cangrid.live.LoopbackHarness;
import io.cangrid.overlay.contract.RuntimeHarness;

/** HYGRA's behaviour suite on live nodes over TCP on 127.0.0.1 in this JVM, with a quarter-second period. */
class LiveHygraBehaviourTest extends HygraBehaviourSuite {

    @Override
    protected RuntimeHarness newRuntime(long seed) {
        return new LoopbackHarness();
    }

    @Override
    protected long periodMillis() {
        return 250;
    }
}
