package io.cangrid.jobs.exec;

import io.cangrid.overlay.LogText;
import io.cangrid.overlay.NodeContext;
import io.cangrid.jobs.Execution;
import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.SimulatedExecution;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live run node's execution: each job's command runs confined ({@link Confinement}) in a directory of its
 * own under the node's {@code runs} directory (see {@link ProcessRun}); a job without a command only lets its
 * work pass, as in the simulation. A command runs only when the node's policies admit its program (resolved
 * to a real path, which is what runs) and its variables. Processes are started and watched on threads of
 * this execution, never on the node's thread, and each run's end reaches the node through
 * {@link NodeContext#post}.
 */
public final class ProcessExecution implements Execution {

    private static final Logger log = LoggerFactory.getLogger(ProcessExecution.class);

    private final NodeContext ctx;
    private final Path runs;
    private final Confinement confinement;
    private final ResultFit fit;
    private final Execution workOnly;
    private final ExecutorService watchers;
    private final ExecutorService readers;
    private final ScheduledExecutorService timers;
    private final RunFiles files;

    public ProcessExecution(NodeContext ctx, double cpuSpeed, Path runs, Confinement confinement, ResultFit fit) {
        this(ctx, cpuSpeed, runs, confinement, fit, RunFiles.NONE);
    }

    /** An execution whose jobs' large inputs and outputs are fetched and kept by {@code files}. */
    public ProcessExecution(NodeContext ctx, double cpuSpeed, Path runs, Confinement confinement, ResultFit fit,
            RunFiles files) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.runs = Objects.requireNonNull(runs, "runs");
        this.confinement = Objects.requireNonNull(confinement, "confinement");
        this.fit = Objects.requireNonNull(fit, "fit");
        this.files = Objects.requireNonNull(files, "files");
        this.workOnly = new SimulatedExecution(ctx, cpuSpeed);
        this.watchers = Executors.newCachedThreadPool(daemon("cangrid-exec"));
        this.readers = Executors.newCachedThreadPool(daemon("cangrid-exec-stream"));
        this.timers = Executors.newSingleThreadScheduledExecutor(daemon("cangrid-exec-limit"));
    }

    /**
     * Executions for a live node: runs in {@code runs}, confined as {@code confinement} says. What a previous
     * life of the node left there (processes, cgroups, directories) is ended and removed first.
     */
    public static ExecutionFactory factory(Path runs, Confinement confinement, ResultFit fit) {
        clean(runs, confinement);
        return (ctx, cpu) -> new ProcessExecution(ctx, cpu, runs, confinement, fit);
    }

    /** Ends and removes what a previous life of the node left in {@code runs} (processes, cgroups, directories). */
    public static void clean(Path runs, Confinement confinement) {
        RunsJanitor.clean(runs, confinement.cgroups());
    }

    @Override
    public boolean runsCommands() {
        return confinement.settings().policy().runsAnything();
    }

    @Override
    public String refusal(JobProfile job) {
        JobCommand command = job.spec().command();
        if (command == null) {
            return null;
        }
        try {
            admit(command);
            return null;
        } catch (ExecRefusal e) {
            return "node " + ctx.self().shortName() + " " + e.getMessage();
        }
    }

    /** The real path of the command's program, when this node's policies admit the command as it is. */
    private Path admit(JobCommand command) throws ExecRefusal {
        Path program = confinement.settings().policy().check(command.executable(), confinement.programs());
        confinement.settings().env().check(command.environment());
        return program;
    }

    @Override
    public Run start(JobProfile job, Consumer<Ended> done) {
        JobCommand command = job.spec().command();
        if (command == null) {
            return workOnly.start(job, done);
        }
        Consumer<Ended> onNodeThread = ended -> ctx.post(() -> done.accept(ended));
        Path program;
        try {
            // Again at the start: the program found when the job was queued may have changed since.
            program = admit(command);
        } catch (ExecRefusal e) {
            onNodeThread.accept(new Ended("node " + ctx.self().shortName() + " " + e.getMessage(), null));
            return () -> log.debug("job {} never started", job.id());
        }
        String over = files.inputRefusal(command);
        if (over != null) {
            onNodeThread.accept(new Ended(over, null));
            return () -> log.debug("job {} never started", job.id());
        }
        Path dir = runs.resolve(job.id().toString() + "-" + job.attempt() + "-" + Long.toHexString(System.nanoTime()));
        String key = "run:" + dir.getFileName();
        ProcessRun run = new ProcessRun(confinement, job.id().toString(), command, program, dir, timers, readers, fit,
                ended -> {
                    files.release(key);
                    onNodeThread.accept(ended);
                }, files, key);
        if (command.files().length == 0) {
            log.info("job {}: starting {}", job.id(), LogText.of(program + " " + command));
            watchers.execute(run::run);
            return run;
        }
        log.info("job {}: fetching {} large input(s) from {}", job.id(), command.files().length, job.client());
        files.fetch(key, command.files(), job.client()).whenComplete((v, e) -> {
            if (e != null) {
                Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e;
                run.failBeforeStart("its large inputs could not be fetched from " + job.client().shortName() + ": "
                        + cause.getMessage());
            } else {
                log.info("job {}: starting {}", job.id(), LogText.of(program + " " + command));
                watchers.execute(run::run);
            }
        });
        return run;
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
