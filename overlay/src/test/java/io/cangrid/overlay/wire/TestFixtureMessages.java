package io.cangrid.overlay.wire;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.sim.LatencyModelTest;
import io.cangrid.overlay.sim.MessageLossTest;
import io.cangrid.overlay.sim.NodeLifecycleTest;
import io.cangrid.overlay.sim.PartitionTest;
import io.cangrid.overlay.sim.SimulationDeterminismTest;
import io.cangrid.overlay.sim.SimulationRunTest;

/**
 * Wire ids of the messages the kernel's own tests send (900–999, a range no module uses), so that the
 * suites can run in copy-on-send mode too. Only the test class path lists this catalog.
 */
public final class TestFixtureMessages implements MessageCatalog {

    public static final int FIRST_ID = 900;

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(900, SimulationRunTest.Ping.class)
                .register(901, NodeLifecycleTest.Ping.class)
                .register(902, NodeLifecycleTest.Handover.class)
                .register(903, SimulationDeterminismTest.Rumor.class)
                .register(904, SimulationDeterminismTest.Farewell.class)
                .register(905, PartitionTest.Hello.class)
                .register(906, LatencyModelTest.Probe.class)
                .register(907, MessageLossTest.Datagram.class);
    }
}
