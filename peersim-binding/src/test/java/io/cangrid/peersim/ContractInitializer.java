package io.cangrid.peersim;

import peersim.config.Configuration;
import peersim.core.Control;

/**
 * The initialiser of {@link PeerSimHarness}'s runs: it starts the run's {@link PeerSimRuntime} on PeerSim's
 * thread, then hands that thread to the test. Parameter, under {@code init.NAME}: {@code protocol} (the
 * {@link GridProtocol}).
 */
public final class ContractInitializer implements Control {

    private final int pid;

    public ContractInitializer(String prefix) {
        this.pid = Configuration.getPid(prefix + ".protocol");
    }

    @Override
    public boolean execute() {
        PeerSimHarness.initialise(pid);
        return false;
    }
}
