package io.cangrid.simulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A locator over all load levels (and churn variants) of a scenario.
 *
 * @param waitRatioToCentral the sum of its mean waits over the runs divided by the same sum for CENTRAL,
 *        as Kim et al. report it; null, with a note saying why, when there is no such ratio
 * @param waitRatioToBestOracle the same against the scenario's best oracle (the oracle with the lowest
 *        summed mean wait); null when the scenario has no oracle
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LocatorSummary(String locator, Double waitRatioToCentral, Double waitRatioToBestOracle, String note) {
}
