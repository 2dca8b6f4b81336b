package io.cangrid.overlay.job;

import io.cangrid.overlay.Message;

/**
 * What a node tells its neighbours about its run queue, riding in the extension slot of every neighbour
 * state message: jobs queued or running, and seconds of work ahead of a newly queued job.
 */
public record JobLoad(int queueLength, double backlogSeconds) implements Message {

    public static final JobLoad IDLE = new JobLoad(0, 0);

    /** The load a state message's extension carries, or {@code IDLE} when it carries none we know. */
    public static JobLoad of(Message extension) {
        if (extension instanceof JobLoad load) {
            return load;
        }
        if (extension instanceof CarriesJobLoad carrier) {
            return carrier.jobLoad();
        }
        return IDLE;
    }

    /** An extension of a richer locator (load aggregates, ...) that still carries the node's own load. */
    public interface CarriesJobLoad {
        JobLoad jobLoad();
    }
}
