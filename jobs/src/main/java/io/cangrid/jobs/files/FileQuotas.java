package io.cangrid.jobs.files;

/**
 * What a node's files may take.
 *
 * @param cacheBytes     the chunk store: what no job holds is removed, least recently used first, above this
 * @param resultsBytes   the large outputs of results kept for clients, all together: the oldest go first above this
 * @param maxJobInput    one job's large inputs together; a job over it ends FAILED naming it
 * @param maxJobOutput   one job's large outputs together; a job over it ends FAILED naming it
 */
public record FileQuotas(long cacheBytes, long resultsBytes, long maxJobInput, long maxJobOutput) {

    public static final FileQuotas DEFAULT = new FileQuotas(10L << 30, 10L << 30, 4L << 30, 4L << 30);

    public FileQuotas {
        if (cacheBytes <= 0 || resultsBytes <= 0 || maxJobInput < 0 || maxJobOutput < 0) {
            throw new IllegalArgumentException("file quotas must be > 0 (the per-job ones >= 0)");
        }
    }
}
