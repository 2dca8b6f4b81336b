package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Every job event of a grid, in order, so tests can ask what happened to each job and when: the one recorder
 * of job events for the tests of every module. Live nodes report on their own threads, so recording is
 * synchronized and every query reads a copy.
 */
public final class JobLog implements JobEvents {

    public enum Kind { SUBMITTED, ASSIGNED, STARTED, RUN_ENDED, REMATCHED, FINISHED }

    /**
     * One event. {@code node} is the run node (assigned, started, run ended), the owner (rematched) or null;
     * {@code state} and {@code reason} are set for FINISHED, {@code queueAhead} and {@code trace} for ASSIGNED.
     */
    public record Entry(Kind kind, JobProfile job, NodeId node, long at, JobState state, String reason, int queueAhead,
            MatchTrace trace) {

        /** An event that carries no match trace. */
        public Entry(Kind kind, JobProfile job, NodeId node, long at, JobState state, String reason, int queueAhead) {
            this(kind, job, node, at, state, reason, queueAhead, null);
        }
    }

    final List<Entry> entries = Collections.synchronizedList(new ArrayList<>());
    private final List<Consumer<Entry>> watchers = new CopyOnWriteArrayList<>();

    @Override
    public void submitted(JobProfile job, long at) {
        add(new Entry(Kind.SUBMITTED, job, null, at, null, null, -1));
    }

    @Override
    public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
        add(new Entry(Kind.ASSIGNED, job, runNode, at, null, null, queueAhead, trace));
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        add(new Entry(Kind.STARTED, job, runNode, at, null, null, -1));
    }

    @Override
    public void runEnded(JobProfile job, NodeId runNode, long at) {
        add(new Entry(Kind.RUN_ENDED, job, runNode, at, null, null, -1));
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        add(new Entry(Kind.REMATCHED, job, owner, at, null, null, -1));
    }

    @Override
    public void finished(JobProfile job, JobState state, String reason, long at) {
        add(new Entry(Kind.FINISHED, job, null, at, state, reason, -1));
    }

    private void add(Entry e) {
        entries.add(e);
        watchers.forEach(w -> w.accept(e));
    }

    /**
     * Has {@code watcher} see every event from now on, as it is recorded, on the thread that reports it: for
     * tests that check a decision at the moment it is made, or act on the grid when something happens.
     */
    public void onEntry(Consumer<Entry> watcher) {
        watchers.add(watcher);
    }

    /** Every event recorded so far, in order. */
    public List<Entry> all() {
        synchronized (entries) {
            return new ArrayList<>(entries);
        }
    }

    public List<Entry> of(Kind kind) {
        return all().stream().filter(e -> e.kind() == kind).collect(Collectors.toList());
    }

    public List<Entry> of(Kind kind, JobId id) {
        return all().stream().filter(e -> e.kind() == kind && e.job().id().equals(id)).collect(Collectors.toList());
    }

    /** The single event of this kind for the job; fails when there are none or several. */
    public Entry only(Kind kind, JobId id) {
        List<Entry> found = of(kind, id);
        if (found.size() != 1) {
            throw new AssertionError("expected exactly one " + kind + " event for " + id + ", found " + found.size()
                    + ": " + found);
        }
        return found.get(0);
    }

    /** Ids of the jobs submitted, in order of first submission. */
    public List<JobId> jobs() {
        return of(Kind.SUBMITTED).stream().map(e -> e.job().id()).distinct().collect(Collectors.toList());
    }

    /** How many final states the client recorded per job, for every job ever submitted. */
    public Map<JobId, Long> finishesPerJob() {
        Map<JobId, Long> count = new LinkedHashMap<>();
        for (JobId id : jobs()) {
            count.put(id, 0L);
        }
        // One pass over the finishes rather than one per job: simulations record thousands of events.
        of(Kind.FINISHED).forEach(e -> count.computeIfPresent(e.job().id(), (id, n) -> n + 1));
        return count;
    }

    public JobState finalState(JobId id) {
        return only(Kind.FINISHED, id).state();
    }

    /** How many events of this kind, over all jobs. */
    public int count(Kind kind) {
        return of(kind).size();
    }

    /** How many jobs ended in {@code state}, as {@link #finalStates()} tells it. */
    public long count(JobState state) {
        return finalStates().values().stream().filter(s -> s == state).count();
    }

    /** The nodes the job's events of this kind name (run nodes, or owners for REMATCHED), in order. */
    public List<NodeId> nodes(Kind kind, JobId id) {
        return of(kind, id).stream().map(Entry::node).collect(Collectors.toList());
    }

    /** The attempts the job was submitted under, in order: [1] unless its client submitted it again. */
    public List<Integer> attempts(JobId id) {
        return of(Kind.SUBMITTED, id).stream().map(e -> e.job().attempt()).collect(Collectors.toList());
    }

    /**
     * The final state of every job that ended, in the order they ended. A job has one; should the client record
     * more (see {@link #duplicateFinishes()}), the last counts.
     */
    public Map<JobId, JobState> finalStates() {
        Map<JobId, JobState> states = new LinkedHashMap<>();
        of(Kind.FINISHED).forEach(e -> states.put(e.job().id(), e.state()));
        return states;
    }

    /** Why each job that ended with a reason did so (the last reason given, for a job that ended more than once). */
    public Map<JobId, String> reasons() {
        Map<JobId, String> reasons = new LinkedHashMap<>();
        of(Kind.FINISHED).stream().filter(e -> e.reason() != null).forEach(e -> reasons.put(e.job().id(), e.reason()));
        return reasons;
    }

    /** Each job as it was first submitted, in order of first submission. */
    public Map<JobId, JobProfile> profiles() {
        Map<JobId, JobProfile> profiles = new LinkedHashMap<>();
        of(Kind.SUBMITTED).forEach(e -> profiles.putIfAbsent(e.job().id(), e.job()));
        return profiles;
    }

    /** When each job had its first event of this kind, for the jobs that had one. */
    public Map<JobId, Long> firstAt(Kind kind) {
        Map<JobId, Long> first = new LinkedHashMap<>();
        of(kind).forEach(e -> first.putIfAbsent(e.job().id(), e.at()));
        return first;
    }

    /** Final states recorded beyond the first, over all jobs: a job that ends twice counts once here. */
    public int duplicateFinishes() {
        return finishesPerJob().values().stream().mapToInt(n -> (int) Math.max(0, n - 1)).sum();
    }

    /** Submissions beyond each job's first: the client's resubmissions. */
    public int resubmissions() {
        return count(Kind.SUBMITTED) - jobs().size();
    }

    /** From first submission to first start, averaged over the jobs this log saw submitted and started; 0 if none. */
    public double meanWaitSeconds() {
        Map<JobId, Long> submitted = firstAt(Kind.SUBMITTED);
        return firstAt(Kind.STARTED).entrySet().stream().filter(e -> submitted.containsKey(e.getKey()))
                .mapToLong(e -> e.getValue() - submitted.get(e.getKey())).average().orElse(0) / 1000.0;
    }
}
