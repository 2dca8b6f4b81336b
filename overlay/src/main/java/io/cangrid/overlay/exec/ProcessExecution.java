package io.cangrid.overlay.exec;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.job.Execution;
import io.cangrid.overlay.job.ExecutionFactory;
import io.cangrid.overlay.job.JobCommand;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.SimulatedExecution;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live run node's execution: each job's command runs as one process in a directory of its own under the
 * node's work directory (see {@link ProcessRun}); a job without a command only lets its work pass, as in
 * the simulation. Processes are started and watched on threads of this execution, never on the node's
 * thread, and each run's end reaches the node through {@link NodeContext#post}.
 */
public final class ProcessExecution implements Execution {

    private static final Logger log = LoggerFactory.getLogger(ProcessExecution.class);

    private final NodeContext ctx;
    private final Path runs;
    private final ExecPolicy policy;
    private final ExecLimits limits;
    private final Execution workOnly;
    private final ExecutorService watchers;
    private final ScheduledExecutorService deadlines;

    public ProcessExecution(NodeContext ctx, double cpuSpeed, Path runs, ExecPolicy policy, ExecLimits limits) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.runs = Objects.requireNonNull(runs, "runs");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.workOnly = new SimulatedExecution(ctx, cpuSpeed);
        this.watchers = Executors.newCachedThreadPool(daemon("cangrid-exec"));
        this.deadlines = Executors.newSingleThreadScheduledExecutor(daemon("cangrid-exec-limit"));
    }

    /** Executions for a live node: runs in {@code runs}, under {@code policy}. */
    public static ExecutionFactory factory(Path runs, ExecPolicy policy, ExecLimits limits) {
        return (ctx, cpu) -> new ProcessExecution(ctx, cpu, runs, policy, limits);
    }

    @Override
    public boolean runsCommands() {
        return policy.runsAnything();
    }

    @Override
    public String refusal(JobProfile job) {
        JobCommand command = job.spec().command();
        if (command == null || policy.allows(command.executable())) {
            return null;
        }
        return policy.runsAnything()
                ? "node " + ctx.self().shortName() + " does not allow executable '" + command.executable()
                        + "' (--exec " + policy + ")"
                : "node " + ctx.self().shortName() + " runs no commands (--exec none)";
    }

    @Override
    public Run start(JobProfile job, Consumer<Ended> done) {
        JobCommand command = job.spec().command();
        if (command == null) {
            return workOnly.start(job, done);
        }
        Path dir = runs.resolve(job.id().toString() + "-" + job.attempt() + "-" + Long.toHexString(System.nanoTime()));
        ProcessRun run = new ProcessRun(command, dir, limits, deadlines,
                ended -> ctx.post(() -> done.accept(ended)));
        log.info("job {}: starting {}", job.id(), command);
        watchers.execute(run::run);
        return run;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
