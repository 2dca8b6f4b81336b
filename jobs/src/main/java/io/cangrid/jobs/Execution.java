package io.cangrid.jobs;

import java.util.function.Consumer;

/**
 * Runs a job's work on the run node. The simulation's execution only lets time pass; a live node's starts
 * the job's process and posts its completion back to the node's thread.
 */
public interface Execution {

    /** A started run, which the node may abort (when the node leaves or the owner gave the job elsewhere). */
    interface Run {
        void abort();

        /** Stops the run where it stands, every process of it, until {@link #resume}; nothing where unsupported. */
        default void suspend() {
        }

        /** Lets a suspended run go on. */
        default void resume() {
        }
    }

    /**
     * How a run ended: {@code error} is null when the job ran (whatever its exit code) and names why it
     * could not otherwise; {@code output} is null for a simulated job.
     */
    record Ended(String error, JobOutput output) {

        /** A simulated run that let its time pass. */
        public static final Ended SIMULATED = new Ended(null, null);
    }

    /** Starts {@code job}; calls {@code done} on the node's thread when it ends. */
    Run start(JobProfile job, Consumer<Ended> done);

    /**
     * Why this node will not run {@code job} at all (its execution policy forbids the command), or null
     * when it will. A refused job goes back to its owner to be matched elsewhere.
     */
    default String refusal(JobProfile job) {
        return null;
    }

    /**
     * Whether this node runs any command at all. A node that runs none says so in its published load, so
     * that matchmaking does not pick it for jobs with a command only to be refused by it, again and again.
     */
    default boolean runsCommands() {
        return true;
    }
}
