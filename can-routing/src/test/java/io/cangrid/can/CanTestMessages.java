package io.cangrid.can;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/**
 * Wire ids of the messages the CAN suites' own fixtures send (in the test range 900–999, after the kernel's
 * and the job suites'), so that those suites can run in copy-on-send mode too. Only the test class path
 * lists it.
 */
public final class CanTestMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(909, OwnerShortcutsTest.Probe.class);
        registry.register(912, io.cangrid.can.sim.QuietStatesTest.Extension.class);
    }
}
