package io.cangrid.jobs.exec;

/**
 * What one run may take and how much of it comes back. Streams are kept while they are written, up to
 * {@code streamBytes} each, the rest counted and dropped, so a job printing without end fills neither memory
 * nor disk. Declared outputs come back whole or the job fails; so does a job that writes more than
 * {@code diskBytes} into its directory or uses more than {@code memoryBytes}.
 *
 * @param streamBytes kept of standard output, and again of standard error
 * @param outputBytes the declared output files, all together
 * @param diskBytes   what the job's directory may hold (its inputs included)
 * @param memoryBytes the memory of all its processes together, where cgroups can hold it to that; 0 for no limit
 */
public record ExecLimits(int streamBytes, int outputBytes, long diskBytes, long memoryBytes) {

    public static final int DEFAULT_STREAM_BYTES = 64 * 1024;
    public static final int DEFAULT_OUTPUT_BYTES = 256 * 1024;
    public static final long DEFAULT_DISK_BYTES = 10L << 30;
    public static final ExecLimits DEFAULT = new ExecLimits(DEFAULT_STREAM_BYTES, DEFAULT_OUTPUT_BYTES,
            DEFAULT_DISK_BYTES, 0);

    public ExecLimits {
        if (streamBytes < 0 || outputBytes < 0 || diskBytes <= 0 || memoryBytes < 0) {
            throw new IllegalArgumentException("limits must be >= 0 (the disk quota > 0)");
        }
    }

    /** Only the stream and output sizes, as older callers give them. */
    public ExecLimits(int streamBytes, int outputBytes) {
        this(streamBytes, outputBytes, DEFAULT_DISK_BYTES, 0);
    }

    public ExecLimits withMemory(long bytes) {
        return new ExecLimits(streamBytes, outputBytes, diskBytes, bytes);
    }

    public ExecLimits withDisk(long bytes) {
        return new ExecLimits(streamBytes, outputBytes, bytes, memoryBytes);
    }
}
