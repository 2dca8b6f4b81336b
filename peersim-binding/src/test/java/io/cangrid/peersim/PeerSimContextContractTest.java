package io.cangrid.peersim;

import io.cangrid.overlay.contract.NodeContextContract;
import io.cangrid.overlay.contract.RuntimeHarness;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The {@link io.cangrid.overlay.NodeContext} contract on PeerSim 1.0.5 through the binding, in this JVM
 * (see {@link PeerSimHarness}); the seed is the suite's ({@code -Dcangrid.contract.seed}).
 */
class PeerSimContextContractTest extends NodeContextContract {

    @Override
    protected RuntimeHarness newHarness(long seed) {
        return new PeerSimHarness(seed);
    }

    /**
     * A known open problem: the binding posts an action as a PeerSim event of the current time, and
     * PeerSim's event heap orders the events of one time by a priority it draws at random, so two actions
     * posted in turn may run in either order. Run it with {@code -Dtest.excludedGroups= -Dgroups=known-issue}.
     */
    @Test
    @Tag("known-issue")
    @Override
    protected void actionsPostedFromOneThreadRunInTheOrderPosted() {
        super.actionsPostedFromOneThreadRunInTheOrderPosted();
    }
}
