package io.cangrid.can;

import io.cangrid.can.geometry.SplitRule;
import java.util.Objects;

/**
 * Tunables of the CAN protocol, with named defaults.
 *
 * @param updatePeriodMillis how often a node sends its state to every neighbour
 * @param deadAfterPeriods   neighbour silence, in update periods, after which it is presumed dead
 * @param hopLimit           routed messages are dropped after this many hops
 * @param joinRetryMillis    a join without an answer is retried after this long
 * @param takeoverBaseMillis the takeover timer of a node whose volume equals the dead zone's volume;
 *                           it scales with the node's own volume so the smallest node claims first
 * @param split              the rule a zone splits by when a node joins inside it
 * @param heartbeatPeriods   a node whose state has not changed since it last sent it to every neighbour
 *                           sends it again after this many update periods, so that they know it lives;
 *                           below {@code deadAfterPeriods}
 */
public record CanConfig(long updatePeriodMillis, int deadAfterPeriods, int hopLimit, long joinRetryMillis,
        long takeoverBaseMillis, SplitRule.Policy split, int heartbeatPeriods) {

    public static final long DEFAULT_UPDATE_PERIOD_MILLIS = 10_000;
    public static final int DEFAULT_DEAD_AFTER_PERIODS = 3;
    public static final int DEFAULT_HOP_LIMIT = 512;
    public static final int DEFAULT_HEARTBEAT_PERIODS = 1;

    public CanConfig {
        if (updatePeriodMillis <= 0) {
            throw new IllegalArgumentException("update period must be positive, was " + updatePeriodMillis + " ms");
        }
        if (deadAfterPeriods < 2) {
            throw new IllegalArgumentException("dead-after must be at least 2 periods, was " + deadAfterPeriods);
        }
        if (hopLimit < 1) {
            throw new IllegalArgumentException("hop limit must be at least 1, was " + hopLimit);
        }
        if (joinRetryMillis <= 0 || takeoverBaseMillis <= 0) {
            throw new IllegalArgumentException("join retry and takeover base must be positive");
        }
        Objects.requireNonNull(split, "split");
        if (heartbeatPeriods < 1 || heartbeatPeriods >= deadAfterPeriods) {
            throw new IllegalArgumentException("heartbeat must be at least 1 period and below dead-after ("
                    + deadAfterPeriods + " periods), was " + heartbeatPeriods);
        }
    }

    public static CanConfig defaults() {
        return withUpdatePeriod(DEFAULT_UPDATE_PERIOD_MILLIS);
    }

    /** Defaults scaled to an update period: joins retry after 3 periods, takeovers start within a period. */
    public static CanConfig withUpdatePeriod(long updatePeriodMillis) {
        return new CanConfig(updatePeriodMillis, DEFAULT_DEAD_AFTER_PERIODS, DEFAULT_HOP_LIMIT,
                3 * updatePeriodMillis, Math.max(1, updatePeriodMillis / 2), SplitRule.Policy.BALANCED,
                DEFAULT_HEARTBEAT_PERIODS);
    }

    public CanConfig withSplit(SplitRule.Policy policy) {
        return new CanConfig(updatePeriodMillis, deadAfterPeriods, hopLimit, joinRetryMillis, takeoverBaseMillis,
                policy, heartbeatPeriods);
    }

    public CanConfig withHeartbeat(int periods) {
        return new CanConfig(updatePeriodMillis, deadAfterPeriods, hopLimit, joinRetryMillis, takeoverBaseMillis,
                split, periods);
    }

    /** The longest a live neighbour with nothing new to say stays silent, messages in flight aside. */
    public long heartbeatMillis() {
        return heartbeatPeriods * updatePeriodMillis;
    }

    public long deadAfterMillis() {
        return deadAfterPeriods * updatePeriodMillis;
    }
}
