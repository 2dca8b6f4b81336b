package io.cangrid.simulator.report;

import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.RunKey;
import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.simulator.run.LocatorCatalog;
import io.cangrid.simulator.scenario.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the {@link SummaryDocument} of an experiment. */
public final class Summaries {

    private Summaries() {
    }

    public static SummaryDocument of(ExperimentResult result) {
        Scenario scenario = result.scenario();
        boolean withDepartures = scenario.churn().hasVariants();
        List<ResultRow> rows = new ArrayList<>();
        for (RunResult run : result.runs()) {
            rows.add(ResultRow.of(run, withDepartures));
        }
        return new SummaryDocument(scenario.name(), scenario.seed(), settings(result), rows, locatorSummaries(result));
    }

    private static Map<String, Object> settings(ExperimentResult result) {
        Scenario s = result.scenario();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("nodes", s.nodes());
        settings.put("population", s.population());
        settings.put("jobs", s.jobs());
        settings.put("loadLevels", s.loadLevels());
        settings.put("arrivalRatesPerSecond", result.arrivalRates());
        settings.put("locators", s.locators());
        settings.put("grid", s.grid());
        settings.put("churn", s.churn());
        return settings;
    }

    /** Kim et al.'s yardstick: a locator's waits summed over the runs, over CENTRAL's on the same runs. */
    static List<LocatorSummary> locatorSummaries(ExperimentResult result) {
        List<String> locators = result.scenario().locators();
        List<LocatorSummary> summaries = new ArrayList<>();
        if (!locators.contains(LocatorCatalog.CENTRAL)) {
            for (String locator : locators) {
                summaries.add(new LocatorSummary(locator, null,
                        "no ratio: CENTRAL is not among the scenario's locators"));
            }
            return summaries;
        }
        Map<String, Double> centralWaits = new HashMap<>();
        for (RunResult run : result.runs()) {
            if (run.key().locator().equals(LocatorCatalog.CENTRAL)) {
                centralWaits.put(sameRun(run.key()), run.metrics().meanWaitSeconds());
            }
        }
        for (String locator : locators) {
            double own = 0;
            double central = 0;
            int skipped = 0;
            for (RunResult run : result.runs()) {
                if (!run.key().locator().equals(locator)) {
                    continue;
                }
                double wait = run.metrics().meanWaitSeconds();
                double reference = centralWaits.getOrDefault(sameRun(run.key()), Double.NaN);
                if (Double.isFinite(wait) && Double.isFinite(reference)) {
                    own += wait;
                    central += reference;
                } else {
                    skipped++;
                }
            }
            summaries.add(ratio(locator, own, central, skipped));
        }
        return summaries;
    }

    private static LocatorSummary ratio(String locator, double own, double central, int skipped) {
        String note = skipped == 0 ? null : skipped + " run(s) left out: no job started there or under CENTRAL";
        if (!(central > 0)) {
            return new LocatorSummary(locator, null, "no ratio: CENTRAL's jobs never waited");
        }
        return new LocatorSummary(locator, own / central, note);
    }

    /** The load level and churn variant of a run, which runs of different locators share. */
    private static String sameRun(RunKey key) {
        return key.loadIndex() + "/" + key.variant().index();
    }
}
