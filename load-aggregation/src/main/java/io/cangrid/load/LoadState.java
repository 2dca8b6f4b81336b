package io.cangrid.load;

import io.cangrid.jobs.JobLoad;
import io.cangrid.overlay.Message;

/**
 * The neighbour-state extension of CAN-P: the node's own run-queue load and, per zone it holds, the load
 * aggregates of Eq. 1–2. Riding on the state messages the overlay sends anyway, it costs no extra message.
 */
public record LoadState(JobLoad own, ZoneLoad[] zones) implements Message, JobLoad.CarriesJobLoad {

    @Override
    public JobLoad jobLoad() {
        return own;
    }
}
