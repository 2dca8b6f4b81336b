package io.cangrid.simulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.simulator.metrics.RunMetrics;

/**
 * One run's figures as reports show them. A figure with nothing to measure (no job started, say) is null.
 *
 * @param departures the churn variant's departure fraction; absent when the scenario has no churn variants
 * @param narrowP95WaitSeconds p95 wait of one-core jobs; absent when every job takes one core
 * @param wideP95WaitSeconds p95 wait of jobs of 4 cores or more; absent when every job takes one core
 * @param vacates runs vacated by owners coming back; absent when owners never do
 */
public record ResultRow(String locator, double load,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double departures,
        int jobs, int completed, int failed, int noMatch, int lost, Double meanWaitSeconds, Double p50WaitSeconds,
        Double p95WaitSeconds, Double p99WaitSeconds, Double meanMatchmakingSeconds, Double meanHops,
        Double pushedFraction, Double meanQueueAtAssignment, Double utilisation, Double messagesPerNodePerSecond,
        Double waitGrowth, boolean stable,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double narrowP95WaitSeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double wideP95WaitSeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer vacates) {

    static ResultRow of(RunResult run, boolean withDepartures) {
        RunMetrics m = run.metrics();
        return new ResultRow(run.key().locator(), run.key().load(),
                withDepartures ? run.key().variant().departures() : null,
                m.jobs(), m.completed(), m.failed(), m.noMatch(), m.lost(),
                defined(m.meanWaitSeconds()), defined(m.p50WaitSeconds()), defined(m.p95WaitSeconds()),
                defined(m.p99WaitSeconds()), defined(m.meanMatchmakingSeconds()), defined(m.meanHops()),
                defined(m.pushedFraction()), defined(m.meanQueueAtAssignment()), defined(m.utilisation()),
                defined(m.messagesPerNodePerSecond()), defined(m.waitGrowth()), m.stable(),
                defined(m.narrowP95WaitSeconds()), defined(m.wideP95WaitSeconds()),
                m.vacates() < 0 ? null : m.vacates());
    }

    /** JSON has no NaN: an undefined figure becomes null. */
    static Double defined(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
