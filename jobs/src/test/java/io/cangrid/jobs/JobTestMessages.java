package io.cangrid.jobs;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/**
 * Wire ids of the messages the job suites' own fixtures send (in the test range 900–999, after the
 * kernel's), so that those suites can run in copy-on-send mode too. Only the test class path lists it.
 */
public final class JobTestMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(908, FixedPlacement.Carry.class);
    }
}
