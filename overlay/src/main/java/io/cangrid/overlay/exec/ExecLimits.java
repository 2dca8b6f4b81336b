package io.cangrid.overlay.exec;

/**
 * How much of a run comes back with its result. Results travel in one frame (1 MiB by default) to the
 * client and to the owner, so what a run produced is cut to these sizes, and the cut is marked.
 *
 * @param streamBytes   kept of standard output, and again of standard error
 * @param outputBytes   kept of the declared output files, all together
 */
public record ExecLimits(int streamBytes, int outputBytes) {

    public static final ExecLimits DEFAULT = new ExecLimits(64 * 1024, 256 * 1024);

    public ExecLimits {
        if (streamBytes < 0 || outputBytes < 0) {
            throw new IllegalArgumentException("limits must be >= 0");
        }
    }
}
