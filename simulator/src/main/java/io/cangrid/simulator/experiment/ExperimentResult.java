package io.cangrid.simulator.experiment;

import io.cangrid.simulator.scenario.Scenario;
import java.util.List;

/**
 * Every run of a scenario, ordered by locator (as the scenario lists them), then churn variant, then load
 * level; the order never depends on which run finished first.
 *
 * @param arrivalRates jobs per second at each load level, in the scenario's order
 */
public record ExperimentResult(Scenario scenario, List<Double> arrivalRates, List<RunResult> runs) {

    public ExperimentResult {
        arrivalRates = List.copyOf(arrivalRates);
        runs = List.copyOf(runs);
    }
}
