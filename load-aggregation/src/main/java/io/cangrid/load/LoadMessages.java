package io.cangrid.load;

import io.cangrid.can.match.Candidate;
import io.cangrid.load.push.FreeFound;
import io.cangrid.load.push.FreeSearch;
import io.cangrid.load.push.PushStep;
import io.cangrid.load.push.TryAssign;
import io.cangrid.load.push.WaitingSearch;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of load aggregation and CAN-P (200–299). */
public final class LoadMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(200, LoadState.class)
                .register(201, PushStep.class)
                .register(202, FreeSearch.class)
                .register(203, TryAssign.class)
                .register(204, WaitingSearch.class)
                .register(205, FreeFound.class)
                .register(250, ZoneLoad.class)
                .register(251, ZoneLoad[].class)
                .register(252, Candidate.class);
    }
}
