package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Every job event of a simulation, in order, so tests can ask what happened to each job and when. */
final class JobLog implements JobEvents {

    enum Kind { SUBMITTED, ASSIGNED, STARTED, RUN_ENDED, REMATCHED, FINISHED }

    /**
     * One event. {@code node} is the run node (assigned, started, run ended), the owner (rematched) or null;
     * {@code state} and {@code reason} are set for FINISHED, {@code queueAhead} for ASSIGNED.
     */
    record Entry(Kind kind, JobProfile job, NodeId node, long at, JobState state, String reason, int queueAhead) {
    }

    final List<Entry> entries = new ArrayList<>();

    @Override
    public void submitted(JobProfile job, long at) {
        entries.add(new Entry(Kind.SUBMITTED, job, null, at, null, null, -1));
    }

    @Override
    public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
        entries.add(new Entry(Kind.ASSIGNED, job, runNode, at, null, null, queueAhead));
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        entries.add(new Entry(Kind.STARTED, job, runNode, at, null, null, -1));
    }

    @Override
    public void runEnded(JobProfile job, NodeId runNode, long at) {
        entries.add(new Entry(Kind.RUN_ENDED, job, runNode, at, null, null, -1));
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        entries.add(new Entry(Kind.REMATCHED, job, owner, at, null, null, -1));
    }

    @Override
    public void finished(JobProfile job, JobState state, String reason, long at) {
        entries.add(new Entry(Kind.FINISHED, job, null, at, state, reason, -1));
    }

    List<Entry> of(Kind kind) {
        return entries.stream().filter(e -> e.kind() == kind).collect(Collectors.toList());
    }

    List<Entry> of(Kind kind, JobId id) {
        return entries.stream().filter(e -> e.kind() == kind && e.job().id().equals(id)).collect(Collectors.toList());
    }

    /** The single event of this kind for the job; fails when there are none or several. */
    Entry only(Kind kind, JobId id) {
        List<Entry> found = of(kind, id);
        if (found.size() != 1) {
            throw new AssertionError("expected exactly one " + kind + " event for " + id + ", found " + found.size()
                    + ": " + found);
        }
        return found.get(0);
    }

    /** Ids of the jobs submitted, in order of first submission. */
    List<JobId> jobs() {
        return of(Kind.SUBMITTED).stream().map(e -> e.job().id()).distinct().collect(Collectors.toList());
    }

    /** How many final states the client recorded per job, for every job ever submitted. */
    Map<JobId, Long> finishesPerJob() {
        Map<JobId, Long> count = new LinkedHashMap<>();
        for (JobId id : jobs()) {
            count.put(id, (long) of(Kind.FINISHED, id).size());
        }
        return count;
    }

    JobState finalState(JobId id) {
        return only(Kind.FINISHED, id).state();
    }
}
