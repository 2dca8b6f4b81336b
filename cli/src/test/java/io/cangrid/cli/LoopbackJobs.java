package io.cangrid.cli;

import static org.awaitility.Awaitility.await;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.gateway.GridSubmit;
import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobIdFactory;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.LiveClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * What the loopback failure tests share: shell jobs, submissions whose owner is chosen, status that waits,
 * and killing what a test left running. A job's owner follows from its point, which the injection node
 * derives from the client's submission key; so drawing keys until one lands in a given node's zones places
 * the owner where a test wants it, while matchmaking still picks the run node freely.
 */
final class LoopbackJobs {

    static final ResourceSchema SCHEMA = ResourceSchema.desktopSchema();
    /** Keys tried at most to land in one node's zones: far more than any zone of a small grid needs. */
    static final int MAX_KEYS = 100_000;
    static final Duration SUBMIT_TIMEOUT = Duration.ofSeconds(15);
    static final Duration POLL = Duration.ofMillis(100);

    private LoopbackJobs() {
    }

    /** A job running {@code sh -c script}. */
    static JobSpec shell(String name, String script) {
        return shell(name, script, 0, new String[0]);
    }

    /** A job running {@code sh -c script} under a wall-clock limit, collecting {@code outputs}. */
    static JobSpec shell(String name, String script, long timeoutMillis, String... outputs) {
        return JobSpec.requiring(SCHEMA, Map.of(), 1, name).withCommand(new JobCommand(
                new String[] {"sh", "-c", script}, new String[0], new InputFile[0], outputs, timeoutMillis));
    }

    static JobSpec command(String name, String... argv) {
        return JobSpec.requiring(SCHEMA, Map.of(), 1, name).withCommand(JobCommand.of(argv));
    }

    /**
     * Submits {@code spec} through node {@code through} under a key whose point node {@code owner} holds,
     * as {@link GridClient#submit} does but with the key chosen; returns the job's id once its owner holds it.
     */
    static JobId submitOwnedBy(LoopbackGrid grid, int through, int owner, JobSpec spec, SplittableRandom keys,
            long seed) throws IOException {
        JobIdFactory ids = new JobIdFactory(SCHEMA);
        for (int i = 0; i < MAX_KEYS; i++) {
            long key = keys.nextLong();
            if (grid.ownerOf(ids.idForKey(spec, key).point()) != owner) {
                continue;
            }
            NodeId door = grid.node(through).self();
            try (LiveClient client = new LiveClient(grid.net())) {
                Message m = client.ask(door.host(), door.port(), new GridSubmit(keys.nextLong(), spec, key),
                        SUBMIT_TIMEOUT);
                if (!(m instanceof GridSubmitted s) || s.job() == null) {
                    throw new AssertionError("node " + through + " did not take " + spec.name() + ": " + m);
                }
                return s.job();
            }
        }
        throw new AssertionError("no key of " + MAX_KEYS + " lands in node " + owner + "'s zones (key seed "
                + seed + ")");
    }

    /** The job's status through {@code client}, or null when the node could not be asked this time. */
    static JobStatusReply status(GridClient client, JobId id) {
        try {
            return client.status(id);
        } catch (IOException e) {
            return null;
        }
    }

    /** Polls the job's status through {@code client} until {@code done} holds; fails after {@code atMost}. */
    static JobStatusReply awaitStatus(String what, GridClient client, JobId id, Duration atMost,
            Predicate<JobStatusReply> done) {
        return await(what).atMost(atMost).pollInterval(POLL)
                .until(() -> status(client, id), r -> r != null && done.test(r));
    }

    static JobStatusReply awaitState(GridClient client, JobId id, JobState state, Duration atMost) {
        return awaitStatus("job " + id + " " + state, client, id, atMost, r -> r.state() == state);
    }

    /** Whether node {@code i} is running and owns the job: it tracks it as the owner of its point. */
    static boolean owns(LoopbackGrid grid, int i, JobId id) {
        return grid.node(i).isRunning()
                && grid.node(i).inspect(p -> ((JobGateway) p).node().agent().owns(id)).join();
    }

    /** Whether node {@code i} is running and runs the job right now. */
    static boolean runs(LoopbackGrid grid, int i, JobId id) {
        return grid.node(i).isRunning() && grid.node(i).inspect(p -> {
            JobProfile running = ((JobGateway) p).node().agent().queue().runningJob();
            return running != null && running.id().equals(id);
        }).join();
    }

    /**
     * Kills, with everything they started, the processes of this JVM whose command line contains one of
     * {@code marks}: the runs of crashed nodes, which nothing else stops, and whatever a failed test left.
     */
    static void killLeftovers(List<String> marks) {
        ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().map(c -> marks.stream().anyMatch(c::contains)).orElse(false))
                .toList()
                .forEach(p -> {
                    // Children first found: once the parent dies they are reparented and out of reach.
                    List<ProcessHandle> tree = p.descendants().toList();
                    p.destroyForcibly();
                    tree.forEach(ProcessHandle::destroyForcibly);
                });
    }
}
