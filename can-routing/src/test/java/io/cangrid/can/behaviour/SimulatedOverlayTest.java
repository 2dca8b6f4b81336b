package io.cangrid.can.behaviour;

/** The behaviour suite on the deterministic simulation. */
class SimulatedOverlayTest extends OverlayBehaviourSuite {

    @Override
    protected OverlayHarness newHarness() {
        return new SimHarness(1_000, 3);
    }
}
