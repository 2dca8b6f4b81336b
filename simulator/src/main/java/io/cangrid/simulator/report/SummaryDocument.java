package io.cangrid.simulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The content of {@code summary.json} and of {@code cangrid simulate --json}.
 *
 * @param settings the scenario's settings, with the arrival rate each load level works out to
 * @param bestOracle the oracle with the lowest summed mean wait on this scenario, or null without oracles
 */
public record SummaryDocument(String scenario, long seed, Map<String, Object> settings, List<ResultRow> results,
        @JsonInclude(JsonInclude.Include.NON_NULL) String bestOracle, List<LocatorSummary> summary) {

    public SummaryDocument {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        results = List.copyOf(results);
        summary = List.copyOf(summary);
    }
}
