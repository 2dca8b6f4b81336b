package io.cangrid.simulator.metrics;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects one run's job events. A job counts once however often it was resubmitted: everything is keyed
 * by {@link JobProfile#id()} and only the first assignment, start and final state count (a rematch after a
 * run node died does not reset the job's wait). Busy nodes are counted from {@code started} and
 * {@code runEnded}. Methods are synchronized because the grid may report from several node threads.
 */
public final class JobRecorder implements JobEvents {

    private final Map<JobId, JobTrack> jobs = new LinkedHashMap<>();
    /** The cores running jobs hold on each node. */
    private final Map<NodeId, Integer> runningOn = new HashMap<>();
    private int vacates;
    private final List<long[]> busySteps = new ArrayList<>();
    private final Runnable onJobFinished;

    /** @param onJobFinished called once per job, when its client first learns its final state */
    public JobRecorder(Runnable onJobFinished) {
        this.onJobFinished = onJobFinished;
    }

    public JobRecorder() {
        this(() -> { });
    }

    @Override
    public synchronized void submitted(JobProfile job, long at) {
        JobTrack track = jobs.computeIfAbsent(job.id(), id -> new JobTrack(job, Math.min(at, job.submittedAt())));
        track.attempts = Math.max(track.attempts, job.attempt());
    }

    @Override
    public synchronized void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
        JobTrack track = track(job, at);
        if (track.assignedAt == JobOutcome.NEVER) {
            track.assignedAt = at;
            track.hops = trace.hops();
            track.queueAhead = queueAhead;
            track.pushed = trace.pushed();
        }
    }

    @Override
    public synchronized void started(JobProfile job, NodeId runNode, long at) {
        JobTrack track = track(job, at);
        if (track.startedAt == JobOutcome.NEVER) {
            track.startedAt = at;
            track.runNode = runNode;
        }
        int cores = job.spec().cores();
        runningOn.merge(runNode, cores, Integer::sum);
        stepBusy(at, +cores);
    }

    @Override
    public synchronized void runEnded(JobProfile job, NodeId runNode, long at) {
        Integer running = runningOn.get(runNode);
        if (running == null) {
            return;
        }
        int cores = Math.min(running, job.spec().cores());
        if (running == cores) {
            runningOn.remove(runNode);
        } else {
            runningOn.put(runNode, running - cores);
        }
        stepBusy(at, -cores);
    }

    @Override
    public synchronized void vacated(JobProfile job, NodeId runNode, long at) {
        vacates++;
    }

    /** Runs vacated because a machine's owner came back for longer than the maximum suspension. */
    public synchronized int vacates() {
        return vacates;
    }

    @Override
    public synchronized void finished(JobProfile job, JobState state, String reason, long at) {
        JobTrack track = track(job, at);
        if (track.state == null) {
            track.state = state;
            track.finishedAt = at;
            onJobFinished.run();
        }
    }

    /** A job heard of before its submission (should not happen) is tracked from that first event. */
    private JobTrack track(JobProfile job, long at) {
        return jobs.computeIfAbsent(job.id(), id -> new JobTrack(job, Math.min(at, job.submittedAt())));
    }

    private void stepBusy(long at, int delta) {
        busySteps.add(new long[] {at, delta});
    }

    /** The jobs in the order they were first submitted. */
    public synchronized List<JobOutcome> outcomes() {
        List<JobOutcome> result = new ArrayList<>(jobs.size());
        for (JobTrack t : jobs.values()) {
            result.add(t.toOutcome());
        }
        return result;
    }

    public synchronized int finishedJobs() {
        int n = 0;
        for (JobTrack t : jobs.values()) {
            n += t.state != null ? 1 : 0;
        }
        return n;
    }

    /** Busy cores over time as a fraction of {@code cores} (one-core nodes: busy nodes of all nodes). */
    public synchronized UtilisationSeries utilisation(int cores) {
        // Events normally arrive in time order; sorting (stable) keeps the series right if a runtime reports late.
        List<long[]> steps = new ArrayList<>(busySteps);
        steps.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] times = new long[steps.size()];
        int[] busy = new int[steps.size()];
        int current = 0;
        for (int i = 0; i < steps.size(); i++) {
            current += (int) steps.get(i)[1];
            times[i] = steps.get(i)[0];
            busy[i] = current;
        }
        return new UtilisationSeries(times, busy, cores);
    }

    /** Mutable state of one job while the run goes on. */
    private static final class JobTrack {
        final JobProfile first;
        final long submittedAt;
        long assignedAt = JobOutcome.NEVER;
        long startedAt = JobOutcome.NEVER;
        long finishedAt = JobOutcome.NEVER;
        int hops = JobOutcome.NONE;
        int queueAhead = JobOutcome.NONE;
        boolean pushed;
        JobState state;
        int attempts = 1;
        NodeId runNode;

        JobTrack(JobProfile first, long submittedAt) {
            this.first = first;
            this.submittedAt = submittedAt;
        }

        JobOutcome toOutcome() {
            return new JobOutcome(first.id(), first.spec(), submittedAt, assignedAt, startedAt, finishedAt, hops,
                    queueAhead, pushed, state, attempts, runNode);
        }
    }
}
