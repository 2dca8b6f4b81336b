package io.cangrid.can.behaviour;

/** The behaviour suite on the live runtime: 16 nodes over TCP on 127.0.0.1 in this JVM. */
class LiveOverlayTest extends OverlayBehaviourSuite {

    @Override
    protected OverlayHarness newHarness() {
        return new LiveHarness(250);
    }
}
