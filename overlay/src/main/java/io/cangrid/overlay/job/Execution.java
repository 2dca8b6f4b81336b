package io.cangrid.overlay.job;

/**
 * Runs a job's work on the run node. The simulation's execution only lets time pass; a live node's would
 * start the job's process and post its completion back to the node's thread.
 */
public interface Execution {

    /** A started run, which the node may abort (when the node leaves or the owner gave the job elsewhere). */
    interface Run {
        void abort();
    }

    /**
     * Starts {@code job}; calls {@code done} on the node's thread when it ends, with null on success or
     * the run's error.
     */
    Run start(JobProfile job, java.util.function.Consumer<String> done);
}
