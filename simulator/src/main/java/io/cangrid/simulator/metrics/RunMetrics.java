package io.cangrid.simulator.metrics;

import io.cangrid.jobs.JobState;
import io.cangrid.simulator.run.RunStats;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The figures of one run. Waits and their percentiles count the jobs that started; matchmaking, hops,
 * pushes and queue lengths count the jobs that were assigned. A job of the workload whose client never
 * learned a final state is lost, whether or not it was ever submitted.
 *
 * @param utilisation mean busy fraction of the initial nodes over the second half of the arrival window,
 *        once the grid has filled up from empty
 * @param waitGrowth mean wait of the last quarter of the jobs (in submission order) over that of the second
 *        quarter: near 1 when waits have reached a steady state, above when they still grow
 * @param stable whether {@code waitGrowth} is at most {@link #STABLE_GROWTH}
 * @param messagesPerNodePerSecond messages sent / initial nodes / seconds from the workload's start to
 *        the end of the run
 * @param narrowP95WaitSeconds p95 wait of the one-core jobs; NaN when every job takes one core
 * @param wideP95WaitSeconds p95 wait of the jobs of {@link #WIDE_CORES} cores or more; NaN when there are none
 * @param vacates runs vacated because an owner came back for too long; -1 when owners never come back
 */
public record RunMetrics(int jobs, int completed, int failed, int noMatch, int lost, double meanWaitSeconds,
        double p50WaitSeconds, double p95WaitSeconds, double p99WaitSeconds, double meanMatchmakingSeconds,
        double meanHops, double pushedFraction, double meanQueueAtAssignment, double utilisation,
        double messagesPerNodePerSecond, double waitGrowth, boolean stable, double narrowP95WaitSeconds,
        double wideP95WaitSeconds, int vacates) {

    /** A job of this many cores or more is wide: the one a stream of narrow jobs could starve. */
    public static final int WIDE_CORES = 4;

    /** Waits that grow by more than this from the second to the last quarter of a level are not stable. */
    public static final double STABLE_GROWTH = 1.3;

    /** Millisecond waits are kept to three significant digits: a percentile is off by at most 0.1%. */
    private static final int SIGNIFICANT_DIGITS = 3;

    /**
     * @param workloadJobs jobs the workload held
     * @param arrivalWindowMillis from the workload's start to its last arrival
     */
    public static RunMetrics of(List<JobOutcome> outcomes, int workloadJobs, UtilisationSeries utilisation,
            RunStats stats, long arrivalWindowMillis) {
        return of(outcomes, workloadJobs, utilisation, stats, arrivalWindowMillis, -1);
    }

    /** @param vacates runs vacated by owners coming back, -1 when they never do */
    public static RunMetrics of(List<JobOutcome> outcomes, int workloadJobs, UtilisationSeries utilisation,
            RunStats stats, long arrivalWindowMillis, int vacates) {
        Histogram waits = new Histogram(SIGNIFICANT_DIGITS);
        Histogram narrowWaits = new Histogram(SIGNIFICANT_DIGITS);
        Histogram wideWaits = new Histogram(SIGNIFICANT_DIGITS);
        int narrow = 0;
        int wide = 0;
        boolean multicore = false;
        int completed = 0;
        int failed = 0;
        int noMatch = 0;
        double waitSum = 0;
        int started = 0;
        double matchSum = 0;
        double hopSum = 0;
        double queueSum = 0;
        int pushed = 0;
        int assigned = 0;
        for (JobOutcome o : outcomes) {
            completed += o.state() == JobState.COMPLETED ? 1 : 0;
            failed += o.state() == JobState.FAILED ? 1 : 0;
            noMatch += o.state() == JobState.NO_MATCH ? 1 : 0;
            if (o.wasStarted()) {
                started++;
                waitSum += o.waitMillis();
                waits.recordValue(Math.max(0, o.waitMillis()));
                int cores = o.spec().cores();
                if (cores == 1) {
                    narrow++;
                    narrowWaits.recordValue(Math.max(0, o.waitMillis()));
                } else if (cores >= WIDE_CORES) {
                    wide++;
                    wideWaits.recordValue(Math.max(0, o.waitMillis()));
                }
            }
            multicore |= o.spec().cores() > 1;
            if (o.wasAssigned()) {
                assigned++;
                matchSum += o.matchmakingMillis();
                hopSum += o.hops();
                queueSum += o.queueAhead();
                pushed += o.pushed() ? 1 : 0;
            }
        }
        int lost = Math.max(0, workloadJobs - completed - failed - noMatch);
        long start = stats.workloadStartMillis();
        double runSeconds = (stats.endMillis() - start) / 1000.0;
        return new RunMetrics(workloadJobs, completed, failed, noMatch, lost,
                ratio(waitSum / 1000.0, started),
                percentileSeconds(waits, started, 50),
                percentileSeconds(waits, started, 95),
                percentileSeconds(waits, started, 99),
                ratio(matchSum / 1000.0, assigned),
                ratio(hopSum, assigned),
                ratio(pushed, assigned),
                ratio(queueSum, assigned),
                utilisation.meanBusyFraction(start + arrivalWindowMillis / 2, start + arrivalWindowMillis),
                ratio(stats.messagesSent(), (double) stats.initialNodes() * runSeconds),
                waitGrowth(outcomes), waitGrowth(outcomes) <= STABLE_GROWTH,
                multicore ? percentileSeconds(narrowWaits, narrow, 95) : Double.NaN,
                multicore ? percentileSeconds(wideWaits, wide, 95) : Double.NaN, vacates);
    }

    /**
     * Mean wait of the last quarter of the started jobs over the second quarter, in submission order. Waits
     * of a few seconds are noise, not growth: both means are floored at one second.
     */
    static double waitGrowth(List<JobOutcome> outcomes) {
        List<JobOutcome> started = new java.util.ArrayList<>();
        for (JobOutcome o : outcomes) {
            if (o.wasStarted()) {
                started.add(o);
            }
        }
        if (started.size() < 8) {
            return Double.NaN;
        }
        started.sort(java.util.Comparator.comparingLong(JobOutcome::submittedAt));
        int q = started.size() / 4;
        double second = meanWaitSeconds(started.subList(q, 2 * q));
        double last = meanWaitSeconds(started.subList(started.size() - q, started.size()));
        return Math.max(1.0, last) / Math.max(1.0, second);
    }

    private static double meanWaitSeconds(List<JobOutcome> jobs) {
        double sum = 0;
        for (JobOutcome o : jobs) {
            sum += o.waitMillis();
        }
        return sum / jobs.size() / 1000.0;
    }

    private static double percentileSeconds(Histogram waits, int count, double percentile) {
        return count == 0 ? Double.NaN : waits.getValueAtPercentile(percentile) / 1000.0;
    }

    private static double ratio(double sum, double count) {
        return count > 0 ? sum / count : Double.NaN;
    }
}
