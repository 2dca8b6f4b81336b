package io.cangrid.simulator.experiment;

import io.cangrid.simulator.metrics.JobOutcome;
import io.cangrid.simulator.metrics.JobRecorder;
import io.cangrid.simulator.metrics.RunMetrics;
import io.cangrid.simulator.metrics.UtilisationSeries;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.scenario.ChurnVariant;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.workload.Workload;
import io.cangrid.simulator.workload.WorkloadGenerator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs every locator on every load level and churn variant of a scenario. The workload of a level and
 * variant is generated once and shared by all locators, and every run gets the scenario's seed, so runs
 * differ only by their locator. Runs are independent and deterministic, so they go to a thread pool and
 * the result is the same for any number of threads.
 */
public final class Experiment {

    private static final Logger log = LoggerFactory.getLogger(Experiment.class);

    private final Scenario scenario;
    private final LevelRunner runner;

    public Experiment(Scenario scenario, LevelRunner runner) {
        this.scenario = scenario;
        this.runner = runner;
    }

    /** Jobs the experiment runs in all, the scale of its progress. */
    public long totalJobs() {
        return (long) scenario.runCount() * scenario.jobs().perLevel();
    }

    public ExperimentResult run(int threads, ExperimentProgress progress) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        WorkloadGenerator generator = new WorkloadGenerator(scenario);
        List<Double> rates = new ArrayList<>();
        for (double load : scenario.loadLevels()) {
            rates.add(generator.arrivalRate(load));
        }
        Map<String, Workload> workloads = new HashMap<>();
        List<RunKey> keys = new ArrayList<>();
        for (String locator : scenario.locators()) {
            for (ChurnVariant variant : scenario.churn().variants()) {
                for (int level = 0; level < scenario.loadLevels().size(); level++) {
                    double load = scenario.loadLevels().get(level);
                    keys.add(new RunKey(locator, level, load, variant));
                    workloads.computeIfAbsent(workloadKey(level, variant), k -> generator.generate(load, variant));
                }
            }
        }
        log.debug("{}: {} runs on {} thread(s), total cpu {}, mean work {} s", scenario.name(), keys.size(), threads,
                generator.totalCpu(), generator.meanWorkSeconds());
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, keys.size()), new RunThreads());
        try {
            // Heaviest loads first: they run longest, and starting them early keeps every thread busy to the end.
            List<RunKey> byLoad = new ArrayList<>(keys);
            byLoad.sort(Comparator.comparingDouble(RunKey::load).reversed());
            Map<RunKey, Future<RunResult>> futures = new HashMap<>();
            for (RunKey key : byLoad) {
                Workload workload = workloads.get(workloadKey(key.loadIndex(), key.variant()));
                futures.put(key, pool.submit(() -> runOne(key, workload, progress)));
            }
            List<RunResult> results = new ArrayList<>();
            for (RunKey key : keys) {
                results.add(await(futures.get(key), key));
            }
            return new ExperimentResult(scenario, rates, results);
        } finally {
            pool.shutdownNow();
        }
    }

    private static String workloadKey(int level, ChurnVariant variant) {
        return level + "/" + variant.index();
    }

    private RunResult runOne(RunKey key, Workload workload, ExperimentProgress progress) {
        JobRecorder recorder = new JobRecorder(() -> progress.jobsDone(1));
        RunStats stats = runner.run(workload, scenario.grid().forRun(key.locator(), scenario.seed()), recorder);
        // Jobs that never finished still count as done for progress, so the bar ends full.
        progress.jobsDone(Math.max(0, workload.jobs().size() - recorder.finishedJobs()));
        long window = workload.jobs().get(workload.jobs().size() - 1).atMillis();
        UtilisationSeries utilisation = recorder.utilisation(stats.initialNodes());
        List<JobOutcome> outcomes = recorder.outcomes();
        RunMetrics metrics = RunMetrics.of(outcomes, workload.jobs().size(), utilisation, stats, window);
        if (stats.jobsUnfinished() != metrics.lost()) {
            log.debug("{}: the grid reports {} unfinished jobs, the events show {} lost", key, stats.jobsUnfinished(),
                    metrics.lost());
        }
        log.debug("{}: {} events, {} messages, {} s", key, stats.events(), stats.messagesSent(), stats.wallSeconds());
        return new RunResult(key, stats, outcomes, utilisation, window, metrics);
    }

    private static RunResult await(Future<RunResult> future, RunKey key) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw new RunFailedException(key, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailedException(key, e);
        }
    }

    /** Daemon threads, so an abandoned experiment never keeps the JVM alive. */
    private static final class RunThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "experiment-run-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
