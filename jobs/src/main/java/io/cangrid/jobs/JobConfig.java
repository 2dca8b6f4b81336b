package io.cangrid.jobs;

/**
 * Timing of the job life cycle's failure handling, with named defaults.
 *
 * @param heartbeatMillis    how often run nodes send heartbeats, owners send progress and clients check
 * @param missedHeartbeats   silence, in heartbeat periods, after which the other side is presumed dead
 *                           (run node by its owner, owner by its run node, an unassigned job by its owner)
 * @param clientTimeoutPeriods silence, in heartbeat periods, after which a client resubmits a job; it must
 *                           outlast an owner's recovery by its run node (missed + 2 periods)
 * @param outcomeRetentionMillis how long an owner keeps a job's outcome after it ended, for status queries
 * @param maxRuns                how many run nodes may lose a job (fall silent, with no result reaching its
 *                               owner) before the job ends FAILED, so that a job whose runs never report, for
 *                               whatever reason, does not run forever
 */
public record JobConfig(long heartbeatMillis, int missedHeartbeats, int clientTimeoutPeriods,
        long outcomeRetentionMillis, int maxRuns) {

    public static final long DEFAULT_HEARTBEAT_MILLIS = 30_000;
    public static final int DEFAULT_MISSED_HEARTBEATS = 3;
    public static final int DEFAULT_CLIENT_TIMEOUT_PERIODS = 8;
    public static final long DEFAULT_OUTCOME_RETENTION_MILLIS = 24 * 3600_000L;
    public static final int DEFAULT_MAX_RUNS = 5;

    public JobConfig {
        if (heartbeatMillis <= 0) {
            throw new IllegalArgumentException("heartbeat period must be positive, was " + heartbeatMillis + " ms");
        }
        if (missedHeartbeats < 2) {
            throw new IllegalArgumentException("missed heartbeats must be at least 2, was " + missedHeartbeats);
        }
        if (clientTimeoutPeriods < missedHeartbeats + 2) {
            throw new IllegalArgumentException("the client timeout (" + clientTimeoutPeriods + " periods) must be at"
                    + " least missed heartbeats + 2 (" + (missedHeartbeats + 2) + ") so owners recover first");
        }
        if (outcomeRetentionMillis <= 0) {
            throw new IllegalArgumentException("outcome retention must be positive, was " + outcomeRetentionMillis
                    + " ms");
        }
        if (maxRuns < 1) {
            throw new IllegalArgumentException("max runs must be at least 1, was " + maxRuns);
        }
    }

    public JobConfig(long heartbeatMillis, int missedHeartbeats, int clientTimeoutPeriods,
            long outcomeRetentionMillis) {
        this(heartbeatMillis, missedHeartbeats, clientTimeoutPeriods, outcomeRetentionMillis, DEFAULT_MAX_RUNS);
    }

    public JobConfig(long heartbeatMillis, int missedHeartbeats, int clientTimeoutPeriods) {
        this(heartbeatMillis, missedHeartbeats, clientTimeoutPeriods, DEFAULT_OUTCOME_RETENTION_MILLIS);
    }

    public JobConfig withMaxRuns(int runs) {
        return new JobConfig(heartbeatMillis, missedHeartbeats, clientTimeoutPeriods, outcomeRetentionMillis, runs);
    }

    public static JobConfig defaults() {
        return withHeartbeat(DEFAULT_HEARTBEAT_MILLIS);
    }

    public static JobConfig withHeartbeat(long heartbeatMillis) {
        return new JobConfig(heartbeatMillis, DEFAULT_MISSED_HEARTBEATS, DEFAULT_CLIENT_TIMEOUT_PERIODS);
    }

    public long deadAfterMillis() {
        return missedHeartbeats * heartbeatMillis;
    }

    public long clientTimeoutMillis() {
        return clientTimeoutPeriods * heartbeatMillis;
    }
}
