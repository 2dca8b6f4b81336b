package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.cli.submit.ExpandedJob;
import io.cangrid.cli.submit.SubmitFileException;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the jobs of a submit file, every one already checked, several at a time over one client, and keeps
 * the cluster whole: when the grid refuses one job, or a node cannot be reached, the jobs already taken are
 * cancelled and nothing is recorded. A refusal of the grid is shown at the submit file's line.
 */
final class ClusterSubmission {

    private static final Logger log = LoggerFactory.getLogger(ClusterSubmission.class);
    /** Submissions in flight at once: each waits for its job's owner, which takes a network round or two. */
    static final int IN_FLIGHT = 16;

    private ClusterSubmission() {
    }

    /** The clusters of the file, each with its jobs' ids, by process number. */
    static Map<Integer, List<JobId>> submit(GridClient grid, Path file, List<ExpandedJob> jobs, List<JobSpec> specs)
            throws InterruptedException {
        int threads = Math.min(IN_FLIGHT, specs.size());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "cangrid-submit");
            t.setDaemon(true);
            return t;
        });
        AtomicBoolean failed = new AtomicBoolean();
        List<Future<JobId>> sent = new ArrayList<>(specs.size());
        try {
            for (JobSpec spec : specs) {
                sent.add(pool.submit(() -> failed.get() ? null : sendOne(grid, spec, failed)));
            }
            List<JobId> taken = new ArrayList<>();
            RuntimeException first = null;
            for (int i = 0; i < sent.size(); i++) {
                try {
                    JobId id = sent.get(i).get();
                    if (id != null) {
                        taken.add(id);
                    }
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = refusal(file, jobs.get(i), e.getCause());
                    }
                }
            }
            if (first != null) {
                cancel(grid, taken);
                throw first;
            }
            Map<Integer, List<JobId>> clusters = new LinkedHashMap<>();
            for (int i = 0; i < jobs.size(); i++) {
                clusters.computeIfAbsent(jobs.get(i).cluster(), c -> new ArrayList<>()).add(taken.get(i));
            }
            return clusters;
        } finally {
            pool.shutdownNow();
        }
    }

    private static JobId sendOne(GridClient grid, JobSpec spec, AtomicBoolean failed) throws IOException {
        try {
            return grid.submit(spec);
        } catch (IOException | RuntimeException e) {
            failed.set(true);
            throw e;
        }
    }

    private static RuntimeException refusal(Path file, ExpandedJob job, Throwable cause) {
        String what = "job " + job.cluster() + "." + job.process();
        if (cause instanceof GridClient.JobRefusedException) {
            return new SubmitFileException(file, job.line("queue"), what + ": the grid refused it: " + cause.getMessage()
                    + "; nothing of the file was submitted", cause);
        }
        return new UserError(what + ": " + cause.getMessage() + "; nothing of " + file + " was submitted", cause);
    }

    /** Takes back the jobs of a cluster that could not be submitted whole. */
    private static void cancel(GridClient grid, List<JobId> taken) {
        for (JobId id : taken) {
            try {
                grid.cancel(id);
            } catch (IOException e) {
                log.warn("could not cancel job {} of a cluster not submitted whole: {}", id, e.getMessage());
            }
        }
    }

    /** This machine's record of one cluster of the file. */
    static ClusterRecord record(int cluster, String peer, Path file, List<ExpandedJob> jobs, List<JobId> ids) {
        List<ClusterRecord.Job> entries = new ArrayList<>();
        int i = 0;
        for (ExpandedJob j : jobs) {
            if (j.cluster() == cluster) {
                entries.add(new ClusterRecord.Job(j.process(), ids.get(i++).toString(), j.directory().toString(),
                        j.output(), j.error(), j.log()));
            }
        }
        return new ClusterRecord(ClusterRecord.clusterId(cluster), peer, file.toAbsolutePath().normalize().toString(),
                Instant.now().toString(), entries);
    }
}
