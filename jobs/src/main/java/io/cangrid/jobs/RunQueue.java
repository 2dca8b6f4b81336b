package io.cangrid.jobs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run node's FIFO queue with one slot: the running job and the jobs waiting behind it. Locators read
 * it (length, backlog) to describe the node to its neighbours; the life cycle changes it.
 */
public final class RunQueue {

    private final double cpuSpeed;
    private final boolean runsCommands;
    private final ArrayDeque<HeldJob> waiting = new ArrayDeque<>();
    private final Map<JobId, HeldJob> byId = new LinkedHashMap<>();
    private HeldJob running;
    private long runningSince;
    private double waitingWork;
    private Runnable lengthObserver = () -> { };

    RunQueue(double cpuSpeed, boolean runsCommands) {
        this.runsCommands = runsCommands;
        this.cpuSpeed = cpuSpeed;
    }

    /** Jobs waiting plus the one running. */
    public int length() {
        return byId.size();
    }

    /** Runs {@code observer} after every change of {@link #length()} (a locator publishing it early). */
    public void observeLength(Runnable observer) {
        this.lengthObserver = observer;
    }

    public boolean isIdle() {
        return byId.isEmpty();
    }

    /** Whether the node behind this queue runs jobs with a command (see {@link Execution#runsCommands}). */
    public boolean runsCommands() {
        return runsCommands;
    }

    public double cpuSpeed() {
        return cpuSpeed;
    }

    /** Seconds until this node could start a job added now: remaining run plus the waiting jobs' runs. */
    public double backlogSeconds(long now) {
        double backlog = waitingWork / cpuSpeed;
        if (running != null) {
            double elapsed = (now - runningSince) / 1000.0;
            backlog += Math.max(0, running.profile.spec().work() / cpuSpeed - elapsed);
        }
        return backlog;
    }

    /** The jobs waiting behind the running one, in queue order. */
    public java.util.List<JobProfile> waitingJobs() {
        java.util.List<JobProfile> out = new ArrayList<>(waiting.size());
        for (HeldJob j : waiting) {
            out.add(j.profile);
        }
        return out;
    }

    /** The job running now, or null. */
    public JobProfile runningJob() {
        return running == null ? null : running.profile;
    }

    boolean holds(JobId id) {
        return byId.containsKey(id);
    }

    HeldJob get(JobId id) {
        return byId.get(id);
    }

    void add(HeldJob job) {
        byId.put(job.id(), job);
        waiting.addLast(job);
        waitingWork += job.profile.spec().work();
        lengthObserver.run();
    }

    /** Moves the next waiting job to the slot, or returns null when the slot is taken or nothing waits. */
    HeldJob startNext(long now) {
        if (running != null || waiting.isEmpty()) {
            return null;
        }
        running = waiting.pollFirst();
        waitingWork -= running.profile.spec().work();
        runningSince = now;
        return running;
    }

    HeldJob running() {
        return running;
    }

    boolean isRunning(JobId id) {
        return running != null && running.id().equals(id);
    }

    /** Removes a job, waiting or running; returns it, or null if not held. */
    HeldJob remove(JobId id) {
        HeldJob job = byId.remove(id);
        if (job == null) {
            return null;
        }
        if (job == running) {
            running = null;
        } else {
            waiting.remove(job);
            waitingWork -= job.profile.spec().work();
        }
        if (byId.isEmpty()) {
            waitingWork = 0; // drop accumulated rounding so an empty queue reports exactly no backlog
        }
        lengthObserver.run();
        return job;
    }

    /** Every held job, running first, then in queue order. */
    List<HeldJob> all() {
        List<HeldJob> jobs = new ArrayList<>(byId.size());
        if (running != null) {
            jobs.add(running);
        }
        jobs.addAll(waiting);
        return jobs;
    }

    Iterator<HeldJob> iterator() {
        return all().iterator();
    }
}
