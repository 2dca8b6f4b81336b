package io.cangrid.jobs.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.Execution;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobIdFactory;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs real jobs through a {@link ProcessExecution} in a test's directory: each execution gets cgroups of its
 * own (a fresh key), and processes are found again by a marker in their command line, which works whatever
 * process namespace they run in.
 */
final class ExecFixture {

    final PostingContext ctx = new PostingContext();
    final Path runs;
    private final List<Confinement> made = new java.util.ArrayList<>();

    ExecFixture(Path dir) {
        this.runs = dir.resolve("runs");
    }

    ProcessExecution execution(ExecSettings settings) {
        return execution(settings, ResultFit.ANY);
    }

    ProcessExecution execution(ExecSettings settings, ResultFit fit) {
        String key = "test" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        Confinement c = Confinement.prepare(settings, key);
        made.add(c);
        return (ProcessExecution) ProcessExecution.factory(runs, c, fit).create(ctx, 1.0);
    }

    /** Removes the cgroups the executions made (once their runs are gone). */
    void release() {
        made.forEach(c -> c.cgroups().release());
    }

    static JobProfile job(JobCommand command) {
        ResourceSchema schema = ResourceSchema.defaultSchema();
        JobSpec spec = JobSpec.of(new Requirements(new double[schema.realDimensions()]), 1).withCommand(command);
        JobId id = new JobIdFactory(schema).idForKey(spec, System.nanoTime());
        return new JobProfile(id, spec, NodeId.of(1), 0, 1);
    }

    static JobCommand shell(String script, long timeoutMillis, String... outputs) {
        return new JobCommand(new String[] {"sh", "-c", script}, new String[0], new InputFile[0], outputs, timeoutMillis);
    }

    /** Starts {@code command} and waits (bounded) for its end. */
    Execution.Ended run(ProcessExecution exec, JobCommand command) throws InterruptedException {
        AtomicReference<Execution.Ended> ended = new AtomicReference<>();
        exec.start(job(command), ended::set);
        assertThat(ctx.runNext(60)).as("the run posted its end").isTrue();
        return ended.get();
    }

    /** A number no other process on the machine has in its command line: {@code sleep MARKER} is findable. */
    static String marker(int seconds) {
        return seconds + "." + (100000 + ThreadLocalRandom.current().nextInt(900000));
    }

    /** Processes of this machine whose command line holds {@code marker}. */
    static List<ProcessHandle> withMarker(String marker) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false)
                        || p.info().arguments().map(a -> List.of(a).contains(marker)).orElse(false))
                .toList();
    }

    /** Waits until no process holds any of {@code markers}, at most {@code atMost}; true when none does. */
    static boolean gone(Duration atMost, String... markers) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (System.nanoTime() < deadline) {
            if (List.of(markers).stream().allMatch(m -> withMarker(m).isEmpty())) {
                return true;
            }
            Thread.sleep(50);
        }
        return List.of(markers).stream().allMatch(m -> withMarker(m).isEmpty());
    }

    /** Waits until some process holds {@code marker}, at most {@code atMost}. */
    static boolean appears(Duration atMost, String marker) throws InterruptedException {
        return appears(atMost, marker, 1);
    }

    /** Waits until at least {@code count} processes hold {@code marker}, at most {@code atMost}. */
    static boolean appears(Duration atMost, String marker, int count) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        while (System.nanoTime() < deadline) {
            if (withMarker(marker).size() >= count) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** Kills whatever holds one of {@code markers}: what a failed test left. */
    static void killMarked(String... markers) {
        for (String m : markers) {
            withMarker(m).forEach(ProcessHandle::destroyForcibly);
        }
    }
}
