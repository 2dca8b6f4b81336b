package io.cangrid.load;

import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.MatchGrid;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobSpec;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;

/**
 * The CAN matchmaking grid with CAN-P as its locator, and what load aggregation's tests do on it: grow it node by
 * node over uniform or skewed capabilities, keep queues filled with endless jobs, and read what the nodes publish
 * and when queues last changed.
 */
final class LoadGrid extends MatchGrid {

    static final long UPDATE_PERIOD_MILLIS = 1_000;
    static final long HEARTBEAT_MILLIS = 10_000;
    /** Work of a job that never finishes within a test: its node's queue stays as it is. */
    static final double ENDLESS_WORK = 1e9;

    /** Where the nodes sit in the resource space. */
    enum Population {
        /** Skewed desktop machines: few capability levels, so many nodes share their real coordinates. */
        SKEWED,
        /** Capabilities that normalise to uniform points of the space. */
        UNIFORM
    }

    LoadGrid(long seed, CanPConfig config) {
        this(seed, config, UPDATE_PERIOD_MILLIS, HEARTBEAT_MILLIS);
    }

    LoadGrid(long seed, CanPConfig config, long updatePeriodMillis, long heartbeatMillis) {
        super(seed, updatePeriodMillis, heartbeatMillis, CanPLocator.factory(SCHEMA, config));
    }

    Capabilities capabilities(Population population) {
        if (population == Population.SKEWED) {
            return skewedCapabilities();
        }
        // Inverse of the default schema's normalisation: uniform in [0,1] on every real axis.
        double cpu = 0.25 + 7.75 * driver.nextDouble();
        double memory = 256 * Math.pow(1024, driver.nextDouble());
        double disk = Math.pow(16384, driver.nextDouble());
        return new Capabilities(cpu, memory, disk);
    }

    /** Adds {@code count} nodes, one every {@code gapMillis}; whether the overlay settles is the caller's to see. */
    void grow(int count, Population population, long gapMillis) {
        for (int i = 0; i < count; i++) {
            addNode(capabilities(population));
            sim.runFor(gapMillis);
        }
    }

    /** What {@code node} publishes now. */
    static LoadState loadsOf(JobNode<CanOverlay> node) {
        return ((CanPLocator) node.locator()).publishedLoads();
    }

    /** Submits {@code count} unconstrained jobs that never finish: each lengthens some node's queue for good. */
    void submitEndless(int count) {
        for (int i = 0; i < count; i++) {
            client().submit(JobSpec.of(Requirements.none(SCHEMA.realDimensions()), ENDLESS_WORK));
        }
    }

    /** Runs until {@code expected} jobs have been queued in all, at most {@code maxMillis}; whether they were. */
    boolean runUntilAllQueued(int expected, long maxMillis) {
        return sim.runUntil(() -> log.count(JobLog.Kind.ASSIGNED) >= expected, sim.now() + maxMillis);
    }

    int totalQueueLength() {
        int total = 0;
        for (JobNode<CanOverlay> n : active()) {
            total += n.agent().queue().length();
        }
        return total;
    }

    /** When a job last joined or left a queue (assigned, or its run ended); -1 if none ever did. */
    long lastQueueChangeAt() {
        long last = -1;
        for (JobLog.Entry e : log.all()) {
            if (e.kind() == JobLog.Kind.ASSIGNED || e.kind() == JobLog.Kind.RUN_ENDED) {
                last = Math.max(last, e.at());
            }
        }
        return last;
    }

    /** Jobs a push moved away from the zone they were matched in, counted when their run node queued them. */
    int pushed() {
        return (int) log.of(JobLog.Kind.ASSIGNED).stream().filter(e -> e.trace().pushed()).count();
    }
}
