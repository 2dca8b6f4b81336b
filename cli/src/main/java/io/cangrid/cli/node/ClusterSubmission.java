package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.cli.submit.ExpandedJob;
import io.cangrid.cli.submit.SubmitFileException;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.live.MessageTooLargeException;
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
    /** Batches in flight at once, and the jobs of one batch (fewer when a batch does not fit a frame). */
    static final int IN_FLIGHT = 4;
    static final int BATCH = 100;

    private ClusterSubmission() {
    }

    private record Batch(int from, int to) {
    }

    /** The clusters of the file, each with its jobs' ids, by process number. */
    static Map<Integer, List<JobId>> submit(GridClient grid, Path file, List<ExpandedJob> jobs, List<JobSpec> specs)
            throws InterruptedException {
        List<Batch> batches = new ArrayList<>();
        for (int from = 0; from < specs.size(); from += BATCH) {
            batches.add(new Batch(from, Math.min(specs.size(), from + BATCH)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(IN_FLIGHT, batches.size())), r -> {
            Thread t = new Thread(r, "cangrid-submit");
            t.setDaemon(true);
            return t;
        });
        AtomicBoolean failed = new AtomicBoolean();
        List<Future<List<JobId>>> sent = new ArrayList<>(batches.size());
        try {
            for (Batch b : batches) {
                sent.add(pool.submit(() -> failed.get() ? List.of() : send(grid, specs.subList(b.from(), b.to()),
                        failed)));
            }
            JobId[] ids = new JobId[specs.size()];
            List<JobId> taken = new ArrayList<>();
            RuntimeException first = null;
            for (int i = 0; i < sent.size(); i++) {
                Batch b = batches.get(i);
                try {
                    List<JobId> got = sent.get(i).get();
                    for (int k = 0; k < got.size(); k++) {
                        ids[b.from() + k] = got.get(k);
                        taken.add(got.get(k));
                    }
                } catch (ExecutionException e) {
                    int at = b.from();
                    if (e.getCause() instanceof GridClient.JobRefusedException r) {
                        taken.addAll(r.taken());
                        at += Math.max(0, r.index());
                    }
                    if (first == null) {
                        first = refusal(file, jobs.get(at), e.getCause());
                    }
                }
            }
            if (first != null) {
                cancel(grid, taken);
                throw first;
            }
            Map<Integer, List<JobId>> clusters = new LinkedHashMap<>();
            for (int i = 0; i < jobs.size(); i++) {
                clusters.computeIfAbsent(jobs.get(i).cluster(), c -> new ArrayList<>()).add(ids[i]);
            }
            return clusters;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One batch; halved, and its halves sent in turn, while it does not fit one frame. */
    private static List<JobId> send(GridClient grid, List<JobSpec> batch, AtomicBoolean failed) throws IOException {
        try {
            try {
                return grid.submitAll(batch);
            } catch (MessageTooLargeException e) {
                if (batch.size() == 1) {
                    throw e;
                }
                int half = batch.size() / 2;
                List<JobId> ids = new ArrayList<>(send(grid, batch.subList(0, half), failed));
                try {
                    ids.addAll(send(grid, batch.subList(half, batch.size()), failed));
                } catch (GridClient.JobRefusedException r) {
                    List<JobId> taken = new ArrayList<>(ids);
                    taken.addAll(r.taken());
                    throw new GridClient.JobRefusedException(r.getMessage(), taken, half + Math.max(0, r.index()));
                }
                return ids;
            }
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
