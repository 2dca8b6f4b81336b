package io.cangrid.jobs;

import io.cangrid.overlay.Message;

/**
 * What a node tells its neighbours about its run queue, riding in the extension slot of every neighbour
 * state message: jobs queued or running, seconds of work ahead of a newly queued job, whether the node runs
 * jobs with a command at all (a node whose operator allows none does not, nor one whose owner is using the
 * machine), and what a job arriving now could take at once: free cores and free memory.
 *
 * <p>A one-core node is free exactly when its queue is empty, as in the papers; a node of many cores is
 * free for a job while that job fits in what is free ({@link #canStart}).
 *
 * @param freeCores the cores a job arriving now could take at once (none while jobs wait)
 * @param freeMemoryMiB the memory it could reserve at once; -1 when the node does not account memory
 * @param machine       the node's ad (its attributes and its owner's {@code Start}), so that a locator can
 *                      weigh it as the node itself will when the job arrives; null for a node described by
 *                      its capabilities alone, as every simulated node of the papers' scenarios is
 */
public record JobLoad(int queueLength, double backlogSeconds, boolean runsCommands, int freeCores,
        double freeMemoryMiB, MachineAd machine) implements Message {

    /** The load of a node described by its capabilities alone. */
    public JobLoad(int queueLength, double backlogSeconds, boolean runsCommands, int freeCores,
            double freeMemoryMiB) {
        this(queueLength, backlogSeconds, runsCommands, freeCores, freeMemoryMiB, null);
    }

    public static final JobLoad IDLE = new JobLoad(0, 0, true);

    /** The load of a one-core node, memory not accounted: free exactly when its queue is empty. */
    public JobLoad(int queueLength, double backlogSeconds, boolean runsCommands) {
        this(queueLength, backlogSeconds, runsCommands, queueLength == 0 ? 1 : 0, -1);
    }

    /** The load of a one-core node that runs commands. */
    public JobLoad(int queueLength, double backlogSeconds) {
        this(queueLength, backlogSeconds, true);
    }

    /** The load {@code queue} shows now. */
    public static JobLoad of(RunQueue queue, long now) {
        return of(queue, queue.length(), now);
    }

    /** The load {@code queue} shows now, with {@code length} for its queue length (a locator's own view of it). */
    public static JobLoad of(RunQueue queue, int length, long now) {
        return new JobLoad(length, queue.backlogSeconds(now), queue.runsCommands(), queue.coresForNewcomer(),
                queue.memoryForNewcomer(), queue.machine());
    }

    /**
     * Whether a job of {@code cores} cores reserving {@code memoryMiB} could start here at once: it fits in
     * the free cores and, where the node accounts memory, in its free memory.
     */
    public boolean canStart(int cores, double memoryMiB) {
        return freeCores >= cores && (freeMemoryMiB < 0 || memoryMiB <= freeMemoryMiB);
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
