package io.cangrid.simulator.report;

import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.RunKey;
import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.simulator.locator.LocatorCatalog;
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
        String bestOracle = bestOracle(result);
        return new SummaryDocument(scenario.name(), scenario.seed(), settings(result), rows, bestOracle,
                locatorSummaries(result, bestOracle));
    }

    private static Map<String, Object> settings(ExperimentResult result) {
        Scenario s = result.scenario();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("nodes", s.nodes());
        settings.put("population", s.population());
        settings.put("jobs", s.jobs());
        if (!s.platforms().isEmpty()) {
            // Only where machines have platforms: the papers' scenarios report what they always did.
            settings.put("platforms", s.platforms());
        }
        settings.put("loadLevels", s.loadLevels());
        settings.put("arrivalRatesPerSecond", result.arrivalRates());
        settings.put("locators", s.locators());
        settings.put("grid", s.grid());
        settings.put("churn", s.churn());
        return settings;
    }

    /**
     * Kim et al.'s yardstick: a locator's mean waits summed over the runs, over CENTRAL's on the same runs;
     * and the same over the best oracle's.
     */
    static List<LocatorSummary> locatorSummaries(ExperimentResult result, String bestOracle) {
        List<String> locators = result.scenario().locators();
        boolean withCentral = locators.contains(LocatorCatalog.CENTRAL);
        List<LocatorSummary> summaries = new ArrayList<>();
        for (String locator : locators) {
            Ratio central = withCentral ? ratio(result, locator, LocatorCatalog.CENTRAL) : null;
            Ratio best = bestOracle == null ? null : ratio(result, locator, bestOracle);
            String note;
            if (!withCentral) {
                note = "no ratio to CENTRAL: it is not among the scenario's locators";
            } else {
                note = central.note();
            }
            summaries.add(new LocatorSummary(locator, central == null ? null : central.value(),
                    best == null ? null : best.value(), note));
        }
        return summaries;
    }

    /** The oracle whose mean waits, summed over the runs, are lowest; null when the scenario has none. */
    static String bestOracle(ExperimentResult result) {
        String best = null;
        double bestSum = Double.POSITIVE_INFINITY;
        for (String locator : result.scenario().locators()) {
            if (!LocatorCatalog.isOracle(locator)) {
                continue;
            }
            double sum = 0;
            for (RunResult run : result.runs()) {
                if (run.key().locator().equals(locator) && Double.isFinite(run.metrics().meanWaitSeconds())) {
                    sum += run.metrics().meanWaitSeconds();
                }
            }
            if (sum < bestSum) {
                bestSum = sum;
                best = locator;
            }
        }
        return best;
    }

    private record Ratio(Double value, String note) {
    }

    private static Ratio ratio(ExperimentResult result, String locator, String reference) {
        Map<String, Double> referenceWaits = new HashMap<>();
        for (RunResult run : result.runs()) {
            if (run.key().locator().equals(reference)) {
                referenceWaits.put(sameRun(run.key()), run.metrics().meanWaitSeconds());
            }
        }
        double own = 0;
        double ref = 0;
        int skipped = 0;
        for (RunResult run : result.runs()) {
            if (!run.key().locator().equals(locator)) {
                continue;
            }
            double wait = run.metrics().meanWaitSeconds();
            double other = referenceWaits.getOrDefault(sameRun(run.key()), Double.NaN);
            if (Double.isFinite(wait) && Double.isFinite(other)) {
                own += wait;
                ref += other;
            } else {
                skipped++;
            }
        }
        String note = skipped == 0 ? null : skipped + " run(s) left out: no job started there or under " + reference;
        if (!(ref > 0)) {
            return new Ratio(null, "no ratio: " + reference + "'s jobs never waited");
        }
        return new Ratio(own / ref, note);
    }

    /** The load level and churn variant of a run, which runs of different locators share. */
    private static String sameRun(RunKey key) {
        return key.loadIndex() + "/" + key.variant().index();
    }
}
