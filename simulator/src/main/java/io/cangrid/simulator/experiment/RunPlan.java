package io.cangrid.simulator.experiment;

import io.cangrid.simulator.metrics.JobOutcome;
import io.cangrid.simulator.metrics.JobRecorder;
import io.cangrid.simulator.metrics.RunMetrics;
import io.cangrid.simulator.metrics.UtilisationSeries;
import io.cangrid.simulator.scenario.RunSettings;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.workload.Workload;
import io.cangrid.simulator.workload.WorkloadGenerator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs a scenario asks for, each with its workload, and how a finished run becomes a
 * {@link RunResult}. Whatever hosts the runs (a thread pool of simulations, PeerSim's sequence of
 * experiments) takes them from here, so every runtime runs the same workloads and derives the same
 * figures from them.
 */
public final class RunPlan {

    private static final Logger log = LoggerFactory.getLogger(RunPlan.class);

    /** One run to make: which it is, its workload, and how its grid is hosted. */
    public record Planned(RunKey key, Workload workload, RunSettings settings) {

        /** Whether owners come back in this run: its figures then count vacates. */
        public boolean owners() {
            return settings.owners().enabled();
        }
    }

    private final Scenario scenario;
    private final List<Double> rates;
    private final List<Planned> runs;

    private RunPlan(Scenario scenario, List<Double> rates, List<Planned> runs) {
        this.scenario = scenario;
        this.rates = rates;
        this.runs = runs;
    }

    /**
     * Every locator on every churn variant and load level, in the order reports list them. The workload of
     * a level and variant is generated once and shared by all locators, and every run gets the scenario's
     * seed, so runs differ only by their locator.
     */
    public static RunPlan of(Scenario scenario) {
        WorkloadGenerator generator = new WorkloadGenerator(scenario);
        List<Double> rates = new ArrayList<>();
        for (double load : scenario.loadLevels()) {
            rates.add(generator.arrivalRate(load));
        }
        Map<String, Workload> workloads = new HashMap<>();
        List<Planned> runs = new ArrayList<>();
        for (String locator : scenario.locators()) {
            for (ChurnVariant variant : scenario.churn().variants()) {
                for (int level = 0; level < scenario.loadLevels().size(); level++) {
                    double load = scenario.loadLevels().get(level);
                    Workload workload = workloads.computeIfAbsent(level + "/" + variant.index(),
                            k -> generator.generate(load, variant));
                    runs.add(new Planned(new RunKey(locator, level, load, variant), workload,
                            scenario.grid().forRun(locator, scenario.seed()).withOwners(scenario.owners())));
                }
            }
        }
        log.debug("{}: {} runs, total cpu {}, mean work {} s", scenario.name(), runs.size(), generator.totalCpu(),
                generator.meanWorkSeconds());
        return new RunPlan(scenario, List.copyOf(rates), List.copyOf(runs));
    }

    public Scenario scenario() {
        return scenario;
    }

    public List<Planned> runs() {
        return runs;
    }

    /** Jobs the plan runs in all, the scale of a progress display. */
    public long totalJobs() {
        long total = 0;
        for (Planned run : runs) {
            total += run.workload().jobs().size();
        }
        return total;
    }

    /** The figures of one finished run, from the events {@code recorder} took and what the grid reported. */
    public static RunResult result(Planned run, JobRecorder recorder, RunStats stats) {
        Workload workload = run.workload();
        long window = workload.jobs().get(workload.jobs().size() - 1).atMillis();
        UtilisationSeries utilisation = recorder.utilisation(workload.totalCores());
        List<JobOutcome> outcomes = recorder.outcomes();
        RunMetrics metrics = RunMetrics.of(outcomes, workload.jobs().size(), utilisation, stats, window,
                run.owners() ? recorder.vacates() : -1);
        if (stats.jobsUnfinished() != metrics.lost()) {
            log.debug("{}: the grid reports {} unfinished jobs, the events show {} lost", run.key(),
                    stats.jobsUnfinished(), metrics.lost());
        }
        log.debug("{}: {} events, {} messages, {} s", run.key(), stats.events(), stats.messagesSent(),
                stats.wallSeconds());
        return new RunResult(run.key(), stats, outcomes, utilisation, window, metrics);
    }

    /** The experiment's result from the results of all its runs, in any order. */
    public ExperimentResult collect(List<RunResult> results) {
        if (results.size() != runs.size()) {
            throw new IllegalArgumentException("the plan has " + runs.size() + " runs, got " + results.size()
                    + " results");
        }
        Map<RunKey, RunResult> byKey = new HashMap<>();
        for (RunResult r : results) {
            byKey.put(r.key(), r);
        }
        List<RunResult> ordered = new ArrayList<>();
        for (Planned run : runs) {
            RunResult r = byKey.get(run.key());
            if (r == null) {
                throw new IllegalArgumentException("no result for " + run.key());
            }
            ordered.add(r);
        }
        return new ExperimentResult(scenario, rates, ordered);
    }
}
