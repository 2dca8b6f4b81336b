package io.cangrid.jobs.exec;

import io.cangrid.overlay.LogText;
import io.cangrid.jobs.Execution;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One job's run, from start to collected result, on a watcher thread that lives as long as the run (the
 * run's parent-death signal is tied to the thread that started it). The run is confined as
 * {@link Confinement} says; its output streams are read as they are written ({@link StreamCapture}); its
 * directory is measured against the disk quota while it runs. When its first process ends, or its time limit
 * or quota kills it, or the node aborts it, every process it started is ended too (its cgroup, its process
 * namespace, its process tree), then the exit code, the streams and the declared outputs are read back, the
 * directory is removed and the end is handed on, unless the node aborted the run.
 */
final class ProcessRun implements Execution.Run {

    private static final Logger log = LoggerFactory.getLogger(ProcessRun.class);
    /** How often the job's directory is measured against the disk quota. */
    static final long QUOTA_CHECK_MILLIS = 500;
    /** How long the streams may take to end once the run's processes are gone. */
    static final long STREAM_DRAIN_MILLIS = 2_000;
    /** Exit status of a process killed by SIGXFSZ: it wrote a file past the disk quota (prlimit). */
    private static final int FILE_TOO_LARGE = 128 + 25;

    private enum Stop { NONE, ABORTED, TIME, DISK }

    private final Confinement confinement;
    private final String jobId;
    private final JobCommand command;
    private final Path program;
    private final RunDirectory dir;
    private final ScheduledExecutorService timers;
    private final Executor readers;
    private final ResultFit fit;
    private final Consumer<Execution.Ended> done;
    private final RunFiles files;
    private final String key;
    private volatile Process process;
    private volatile JobCgroup cgroup;
    private volatile Stop stop = Stop.NONE;

    ProcessRun(Confinement confinement, String jobId, JobCommand command, Path program, Path dir,
            ScheduledExecutorService timers, Executor readers, ResultFit fit, Consumer<Execution.Ended> done,
            RunFiles files, String key) {
        this.confinement = confinement;
        this.jobId = jobId;
        this.command = command;
        this.program = program;
        this.dir = new RunDirectory(dir);
        this.timers = timers;
        this.readers = readers;
        this.fit = fit;
        this.done = done;
        this.files = files;
        this.key = key;
    }

    /** The run cannot start: its large inputs could not be fetched. */
    void failBeforeStart(String why) {
        finish(new Execution.Ended(why, null));
    }

    @Override
    public void abort() {
        stopFor(Stop.ABORTED);
    }

    /** Stops every process of the run (SIGSTOP): the machine's owner came back. */
    @Override
    public void suspend() {
        Process p = process;
        if (p != null && p.isAlive()) {
            ProcessTrees.signal(p.toHandle(), "STOP");
        }
    }

    @Override
    public void resume() {
        Process p = process;
        if (p != null && p.isAlive()) {
            ProcessTrees.signal(p.toHandle(), "CONT");
        }
    }

    private void stopFor(Stop why) {
        synchronized (this) {
            if (stop != Stop.NONE) {
                return;
            }
            stop = why;
        }
        endAll();
    }

    /** Ends every process of the run: its cgroup where it has one, and its tree (with its namespace) in any case. */
    private void endAll() {
        JobCgroup cg = cgroup;
        if (cg != null) {
            cg.kill();
        }
        Process p = process;
        if (p != null) {
            ProcessTrees.kill(p.toHandle(), !confinement.ownsProcessTree() && cg == null);
        }
    }

    void run() {
        StreamCapture out;
        StreamCapture err;
        try {
            dir.create(Arrays.asList(command.inputs()), Arrays.asList(command.files()), files, confinement.user());
            if (confinement.cgroups().available()) {
                cgroup = confinement.cgroups().create(dir.dir.getFileName().toString());
                cgroup.lowestCpuWeight(); // the machine's owner first
                long memory = confinement.settings().limits().memoryBytes();
                if (memory > 0 && confinement.cgroups().limitsMemory()) {
                    cgroup.limitMemory(memory);
                }
            }
            Map<String, String> env = confinement.environment(jobId, dir.work, command.environment());
            List<String> args = command.argumentList().subList(1, command.argumentList().size());
            ProcessBuilder pb = new ProcessBuilder(confinement.command(dir.work, program, args, env, cgroup))
                    .directory(dir.work.toFile()); // standard input: the pipe to the run's watcher
            // The wrappers get nothing of the job's: its variables are given to its program alone (env -i).
            pb.environment().clear();
            pb.environment().put("PATH", confinement.programs().value());
            synchronized (this) {
                if (stop == Stop.ABORTED) {
                    cleanUp();
                    return;
                }
                process = pb.start();
            }
            dir.recordProcess(process.toHandle());
            int limit = confinement.settings().limits().streamBytes();
            out = new StreamCapture(process.getInputStream(), limit, "stdout");
            err = new StreamCapture(process.getErrorStream(), limit, "stderr");
            readers.execute(out);
            readers.execute(err);
        } catch (IOException | RuntimeException e) {
            cleanUp();
            finish(new Execution.Ended("cannot start '" + command.executable() + "': " + e.getMessage(), null));
            return;
        }
        ScheduledFuture<?> limit = command.timeoutMillis() > 0
                ? timers.schedule(() -> stopFor(Stop.TIME), command.timeoutMillis(), TimeUnit.MILLISECONDS)
                : null;
        ScheduledFuture<?> quota = timers.scheduleWithFixedDelay(this::checkQuota, QUOTA_CHECK_MILLIS,
                QUOTA_CHECK_MILLIS, TimeUnit.MILLISECONDS);
        int exit = waitFor();
        if (limit != null) {
            limit.cancel(false);
        }
        quota.cancel(false);
        // The first process has ended: whatever it left behind ends now too (nohup, double forks, setsid).
        endAll();
        releaseWatcher();
        Execution.Ended ended;
        try {
            out.finish(STREAM_DRAIN_MILLIS);
            err.finish(STREAM_DRAIN_MILLIS);
            ended = collect(exit, out, err);
        } catch (IOException e) {
            ended = new Execution.Ended("ran, but its output could not be read: " + e.getMessage(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = new Execution.Ended("interrupted while its output was read", null);
        } finally {
            cleanUp();
        }
        finish(ended);
    }

    /** Tells the run's watcher that the run is over, so it ends without killing anything (see Confinement). */
    private void releaseWatcher() {
        try (OutputStream watcher = process.getOutputStream()) {
            watcher.write(Confinement.RUN_OVER.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // A watcher that is gone already has nothing left to do.
            log.debug("run of {}: its watcher did not take the word: {}", jobId, e.toString());
        }
    }

    private void checkQuota() {
        try {
            if (dir.size() > confinement.settings().limits().diskBytes()) {
                stopFor(Stop.DISK);
            }
        } catch (RuntimeException e) {
            log.debug("quota check of {} failed: {}", dir.dir, e.toString());
        }
    }

    private int waitFor() {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // The watcher is never interrupted on purpose; the process still runs, so keep waiting on it.
                log.debug("interrupted waiting for {}", command.executable());
            }
        }
    }

    private Execution.Ended collect(int exit, StreamCapture out, StreamCapture err) throws IOException {
        List<String> notes = new ArrayList<>();
        String stdout = out.text(notes);
        String stderr = err.text(notes);
        ExecLimits limits = confinement.settings().limits();
        String error = switch (stop) {
            case TIME -> "killed, with every process it started, at its time limit of " + command.timeoutMillis()
                    + " ms";
            case DISK -> diskQuota(limits);
            default -> null;
        };
        if (error == null && exit == FILE_TOO_LARGE && dir.size() >= 0) {
            error = diskQuota(limits);
        }
        JobCgroup cg = cgroup;
        if (error == null && cg != null && cg.oomKilled()) {
            error = "killed for going over its memory limit of " + (limits.memoryBytes() >> 20) + " MiB"
                    + " (the node's grid.job.memory-limit)";
        }
        if (error != null) {
            notes.add(error);
        }
        OutputFiles outputs = new OutputFiles(files, "out:" + jobId);
        try {
            // What a run that was stopped wrote so far comes back too.
            outputs.collect(dir.work, command.outputs(), limits.outputBytes(), notes);
        } catch (ExecRefusal e) {
            notes.add(e.getMessage());
            error = error == null ? e.getMessage() : error;
        }
        JobOutput output = new JobOutput(exit, stdout, stderr, outputs.inline().toArray(InputFile[]::new),
                notes.isEmpty() ? null : String.join("; ", notes), outputs.stored().toArray(FileRef[]::new));
        return fit.check(new Execution.Ended(error, output));
    }

    private static String diskQuota(ExecLimits limits) {
        return "killed for writing more than its disk quota of " + (limits.diskBytes() >> 20) + " MiB"
                + " (the node's grid.job.disk-quota)";
    }

    private void cleanUp() {
        JobCgroup cg = cgroup;
        if (cg != null) {
            cg.kill();
            cg.remove();
        }
        dir.remove();
    }

    private void finish(Execution.Ended ended) {
        if (stop != Stop.ABORTED) {
            if (ended.error() != null) {
                log.info("job {}: {}", jobId, LogText.of(ended.error()));
            }
            done.accept(ended);
        }
    }
}
