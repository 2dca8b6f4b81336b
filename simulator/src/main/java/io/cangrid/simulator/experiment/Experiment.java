package io.cangrid.simulator.experiment;

import io.cangrid.simulator.metrics.JobRecorder;
import io.cangrid.simulator.run.RunStats;
import io.cangrid.simulator.scenario.Scenario;
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

/**
 * Runs every locator on every load level and churn variant of a scenario, as its {@link RunPlan} lists
 * them, in the deterministic simulation (or a stand-in, in tests). Runs are independent and deterministic, so they go to a thread pool and
 * the result is the same for any number of threads.
 */
public final class Experiment {

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
        RunPlan plan = RunPlan.of(scenario);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, plan.runs().size()), new RunThreads());
        try {
            // Heaviest loads first: they run longest, and starting them early keeps every thread busy to the end.
            List<RunPlan.Planned> byLoad = new ArrayList<>(plan.runs());
            byLoad.sort(Comparator.comparingDouble((RunPlan.Planned p) -> p.key().load()).reversed());
            Map<RunKey, Future<RunResult>> futures = new HashMap<>();
            for (RunPlan.Planned run : byLoad) {
                futures.put(run.key(), pool.submit(() -> runOne(run, progress)));
            }
            List<RunResult> results = new ArrayList<>();
            for (RunPlan.Planned run : plan.runs()) {
                results.add(await(futures.get(run.key()), run.key()));
            }
            return plan.collect(results);
        } finally {
            pool.shutdownNow();
        }
    }

    private RunResult runOne(RunPlan.Planned run, ExperimentProgress progress) {
        JobRecorder recorder = new JobRecorder(() -> progress.jobsDone(1));
        RunStats stats = runner.run(run.workload(), run.settings(), recorder);
        // Jobs that never finished still count as done for progress, so the bar ends full.
        progress.jobsDone(Math.max(0, run.workload().jobs().size() - recorder.finishedJobs()));
        return RunPlan.result(run, recorder, stats);
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
