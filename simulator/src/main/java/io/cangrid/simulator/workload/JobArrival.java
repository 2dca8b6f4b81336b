package io.cangrid.simulator.workload;

import io.cangrid.jobs.JobSpec;
import java.util.Objects;

/** A job a client submits at {@code atMillis} of simulated time (counted from the start of the workload). */
public record JobArrival(long atMillis, JobSpec spec) {

    public JobArrival {
        Objects.requireNonNull(spec, "spec");
        if (atMillis < 0) {
            throw new IllegalArgumentException("arrival time must not be negative, was " + atMillis);
        }
    }
}
