package io.cangrid.overlay.exec;

import io.cangrid.overlay.job.Execution;
import io.cangrid.overlay.job.InputFile;
import io.cangrid.overlay.job.JobCommand;
import io.cangrid.overlay.job.JobOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One job's process, from start to collected result, on a watcher thread. The process runs in
 * {@code dir/work} with the job's input files there, its standard output and error going to files beside
 * it (a pipe nobody reads would block it). When it exits, or its time limit kills it and every process it
 * started, the exit code, the streams and the declared outputs are read back size-limited, the directory
 * is removed and the end is handed on, unless the node aborted the run meanwhile.
 */
final class ProcessRun implements Execution.Run {

    private static final Logger log = LoggerFactory.getLogger(ProcessRun.class);

    private final JobCommand command;
    private final Path dir;
    private final ExecLimits limits;
    private final ScheduledExecutorService deadlines;
    private final Consumer<Execution.Ended> done;
    private volatile Process process;
    private volatile boolean aborted;
    private volatile boolean timedOut;

    ProcessRun(JobCommand command, Path dir, ExecLimits limits, ScheduledExecutorService deadlines,
            Consumer<Execution.Ended> done) {
        this.command = command;
        this.dir = dir;
        this.limits = limits;
        this.deadlines = deadlines;
        this.done = done;
    }

    @Override
    public void abort() {
        aborted = true;
        Process p = process;
        if (p != null) {
            ProcessTrees.kill(p.toHandle());
        }
    }

    void run() {
        Path work = dir.resolve("work");
        try {
            Files.createDirectories(work);
            for (InputFile f : command.inputs()) {
                Files.write(work.resolve(f.name()), f.content());
            }
            ProcessBuilder pb = new ProcessBuilder(command.argumentList())
                    .directory(work.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(devNull()))
                    .redirectOutput(dir.resolve("stdout").toFile())
                    .redirectError(dir.resolve("stderr").toFile());
            Map<String, String> env = pb.environment();
            for (String e : command.environment()) {
                int eq = e.indexOf('=');
                env.put(e.substring(0, eq), e.substring(eq + 1));
            }
            process = pb.start();
        } catch (IOException | RuntimeException e) {
            remove();
            finish(new Execution.Ended("cannot start '" + command.executable() + "': " + why(e), null));
            return;
        }
        if (aborted) {
            ProcessTrees.kill(process.toHandle());
        }
        ScheduledFuture<?> limit = command.timeoutMillis() > 0
                ? deadlines.schedule(this::timeUp, command.timeoutMillis(), TimeUnit.MILLISECONDS)
                : null;
        int exit = waitFor();
        if (limit != null) {
            limit.cancel(false);
        }
        Execution.Ended ended;
        try {
            ended = collect(work, exit);
        } catch (IOException e) {
            ended = new Execution.Ended("ran, but its output could not be read: " + why(e), null);
        } finally {
            remove();
        }
        finish(ended);
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

    private void timeUp() {
        timedOut = true;
        log.info("'{}' reached its time limit of {} ms: killing its process tree", command.executable(),
                command.timeoutMillis());
        ProcessTrees.kill(process.toHandle());
    }

    private Execution.Ended collect(Path work, int exit) throws IOException {
        List<String> notes = new ArrayList<>();
        String out = Capture.text(dir.resolve("stdout"), limits.streamBytes(), "stdout", notes);
        String err = Capture.text(dir.resolve("stderr"), limits.streamBytes(), "stderr", notes);
        List<InputFile> files = new ArrayList<>();
        long room = limits.outputBytes();
        for (String name : command.outputs()) {
            Path f = work.resolve(name);
            if (!Files.isRegularFile(f)) {
                notes.add("output " + name + " was not produced");
                continue;
            }
            byte[] content = Capture.bytes(f, (int) room, "output " + name, notes);
            room -= content.length;
            files.add(new InputFile(name, content));
        }
        String error = null;
        if (timedOut) {
            error = "killed, with every process it started, at its time limit of " + command.timeoutMillis() + " ms";
            notes.add(error);
        }
        JobOutput output = new JobOutput(exit, out, err, files.toArray(InputFile[]::new),
                notes.isEmpty() ? null : String.join("; ", notes));
        return new Execution.Ended(error, output);
    }

    private void finish(Execution.Ended ended) {
        if (!aborted) {
            done.accept(ended);
        }
    }

    private void remove() {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            log.warn("could not remove the run directory {}: {}", dir, e.toString());
        }
    }

    private static java.io.File devNull() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static String why(Exception e) {
        String m = e.getMessage();
        // ProcessBuilder says 'Cannot run program "x" (in directory "..."): error=2, No such file or directory'.
        int colon = m == null ? -1 : m.lastIndexOf("): ");
        return m == null ? e.getClass().getSimpleName() : colon >= 0 ? m.substring(colon + 3) : m;
    }
}
