package io.cangrid.jobs;

import io.cangrid.overlay.Message;

/**
 * What a node tells its neighbours about its run queue, riding in the extension slot of every neighbour
 * state message: jobs queued or running, seconds of work ahead of a newly queued job, and whether the node
 * runs jobs with a command at all (a node whose operator allows none does not).
 */
public record JobLoad(int queueLength, double backlogSeconds, boolean runsCommands) implements Message {

    public static final JobLoad IDLE = new JobLoad(0, 0, true);

    /** The load of a node that runs commands. */
    public JobLoad(int queueLength, double backlogSeconds) {
        this(queueLength, backlogSeconds, true);
    }

    /** The load {@code queue} shows now. */
    public static JobLoad of(RunQueue queue, long now) {
        return new JobLoad(queue.length(), queue.backlogSeconds(now), queue.runsCommands());
    }

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
