package io.cangrid.simulator.experiment;

/** A run of an experiment failed; the message names the run, the cause says why. */
public class RunFailedException extends RuntimeException {

    public RunFailedException(RunKey key, Throwable cause) {
        super("run " + key + " failed: " + cause, cause);
    }
}
