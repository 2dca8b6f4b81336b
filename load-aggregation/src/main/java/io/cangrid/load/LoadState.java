package io.cangrid.load;

import io.cangrid.jobs.JobLoad;
import io.cangrid.overlay.Message;
import java.util.Arrays;
import java.util.Objects;

/**
 * The neighbour-state extension of CAN-P: the node's own run-queue load and, per zone it holds, the load
 * aggregates of Eq. 1–2. Riding on the state messages the overlay sends anyway, it costs no extra message.
 */
public record LoadState(JobLoad own, ZoneLoad[] zones) implements Message, JobLoad.CarriesJobLoad {

    @Override
    public JobLoad jobLoad() {
        return own;
    }

    /** Equal when the node's own load and every zone's aggregates are: then it has nothing new to publish. */
    @Override
    public boolean equals(Object o) {
        return o instanceof LoadState l && Objects.equals(own, l.own) && Arrays.equals(zones, l.zones);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(own) + Arrays.hashCode(zones);
    }
}
