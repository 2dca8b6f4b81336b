package io.cangrid.jobs.exec;

/**
 * Why a node will not run a job as asked: the program, one of its variables, or a limit. The message is one
 * line that names the cause and what the node's operator would have to allow.
 */
public final class ExecRefusal extends Exception {

    private static final long serialVersionUID = 1L;

    public ExecRefusal(String message) {
        super(message, null, false, false);
    }
}
