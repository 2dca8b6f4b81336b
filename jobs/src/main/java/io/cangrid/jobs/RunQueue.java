package io.cangrid.jobs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run node's queue: the jobs running, each holding its cores and reserved memory, and the jobs waiting in
 * arrival order (the machine's preference first, where its owner set one with {@code --prefer}). Locators read it (length, backlog) to describe the node to its neighbours; the life cycle
 * changes it.
 *
 * <p>Jobs start in arrival order while they fit in the free cores and memory. When the first waiting job
 * (the head) does not fit, a later one may start before it only if it cannot delay it (EASY backfilling):
 * the queue works out when the head will fit, from each running job's expected end (its work at this node's
 * speed; a job past its expected end is taken to end now), and lets a later job start if it fits now and
 * either ends by then or uses only what will be spare once the head has started. So a wide job is never
 * starved by a stream of narrow ones: it starts once the jobs running when it reached the head have ended,
 * at the latest. On a one-core node this is a plain FIFO queue, one job at a time.
 */
public final class RunQueue {

    private final double cpuSpeed;
    private final boolean runsCommands;
    private final int cores;
    private final double memoryMiB;
    private final MemoryDemand memoryDemand;
    private final List<HeldJob> waiting = new ArrayList<>();
    /** Running jobs in the order they started. */
    private final List<HeldJob> running = new ArrayList<>();
    private final Map<JobId, HeldJob> byId = new LinkedHashMap<>();
    private int usedCores;
    private double usedMemory;
    /** The waiting jobs' work times their cores: core-seconds at cpu 1.0. */
    private double waitingWork;
    /** The cores every held job takes, waiting or running. */
    private int coreDemand;
    private Runnable lengthObserver = () -> { };
    /** False while the machine's owner uses it: the node then offers itself for no job with a command. */
    private boolean available = true;
    /** The machine's ad, published with the queue's load; null for a node described by its capabilities. */
    private MachineAd machine;

    /** The memory (MiB) a job reserves while it runs: what it asks as a minimum, 0 when it asks none. */
    @FunctionalInterface
    interface MemoryDemand {
        double of(JobSpec job);
    }

    /**
     * @param cores the cores this node lends, at least 1
     * @param memoryMiB the memory its jobs may reserve in all; 0 when memory is not accounted
     */
    RunQueue(double cpuSpeed, boolean runsCommands, int cores, double memoryMiB, MemoryDemand memoryDemand) {
        if (cores < 1) {
            throw new IllegalArgumentException("a node lends at least one core, not " + cores);
        }
        this.runsCommands = runsCommands;
        this.cpuSpeed = cpuSpeed;
        this.cores = cores;
        this.memoryMiB = Math.max(0, memoryMiB);
        this.memoryDemand = memoryDemand;
    }

    RunQueue(double cpuSpeed, boolean runsCommands) {
        this(cpuSpeed, runsCommands, 1, 0, job -> 0);
    }

    /** Jobs waiting plus the ones running. */
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

    /**
     * Whether the node behind this queue runs jobs with a command now (see {@link Execution#runsCommands}):
     * never while its machine's owner is using it, so that locators send it none then.
     */
    public boolean runsCommands() {
        return runsCommands && available;
    }

    void available(boolean now) {
        available = now;
    }

    /** The machine's ad, null when the node is described by its capabilities alone. */
    public MachineAd machine() {
        return machine;
    }

    void describe(MachineAd ad) {
        machine = ad;
    }

    public double cpuSpeed() {
        return cpuSpeed;
    }

    /** The cores this node lends. */
    public int cores() {
        return cores;
    }

    /** Cores no running job holds. */
    public int freeCores() {
        return cores - usedCores;
    }

    /** Memory (MiB) the running jobs reserve. */
    public double reservedMemoryMiB() {
        return usedMemory;
    }

    /** The memory jobs may reserve in all (MiB); 0 when memory is not accounted. */
    public double memoryMiB() {
        return memoryMiB;
    }

    /**
     * Seconds until this node could start a job added now, spread over its cores: the running jobs' remaining
     * runs plus the waiting jobs' runs, each times the cores it takes, divided by the node's cores.
     */
    public double backlogSeconds(long now) {
        double backlog = waitingWork / cpuSpeed;
        for (HeldJob job : running) {
            double elapsed = (now - job.startedAt) / 1000.0;
            double left = Math.max(0, job.profile.spec().work() / cpuSpeed - elapsed);
            int width = job.profile.spec().cores();
            backlog += width == 1 ? left : left * width;
        }
        return cores == 1 ? backlog : backlog / cores;
    }

    /** The cores the held jobs take in all, waiting or running: what this node is asked for. */
    public int coreDemand() {
        return coreDemand;
    }

    /**
     * The cores a job arriving now could take at once: the free ones while no job waits and the machine's
     * owner leaves it to the grid, else none (a newcomer queues behind the waiting jobs, backfilling aside).
     */
    public int coresForNewcomer() {
        // While the owner uses the machine no job starts: it has nothing free to offer.
        return waiting.isEmpty() && available ? freeCores() : 0;
    }

    /** The memory (MiB) a job arriving now could reserve at once, as {@link #coresForNewcomer()}; -1 when memory is not accounted. */
    public double memoryForNewcomer() {
        if (memoryMiB == 0) {
            return -1;
        }
        return waiting.isEmpty() && available ? Math.max(0, memoryMiB - usedMemory) : 0;
    }

    /** The memory (MiB) {@code job} would reserve here: what it asks, at most what this node has. */
    public double memoryOf(JobSpec job) {
        return memoryMiB == 0 ? 0 : Math.min(memoryMiB, Math.max(0, memoryDemand.of(job)));
    }

    /** The jobs waiting, in queue order. */
    public List<JobProfile> waitingJobs() {
        List<JobProfile> out = new ArrayList<>(waiting.size());
        for (HeldJob j : waiting) {
            out.add(j.profile);
        }
        return out;
    }

    /** The job that has run longest of those running now, or null. */
    public JobProfile runningJob() {
        return running.isEmpty() ? null : running.get(0).profile;
    }

    /** The jobs running now, in the order they started. */
    public List<JobProfile> runningJobs() {
        return running.stream().map(j -> j.profile).toList();
    }

    double memoryOf(JobProfile job) {
        return memoryOf(job.spec());
    }

    boolean holds(JobId id) {
        return byId.containsKey(id);
    }

    HeldJob get(JobId id) {
        return byId.get(id);
    }

    void add(HeldJob job) {
        if (job.profile.spec().cores() > cores) {
            throw new IllegalArgumentException("job " + job.id() + " takes " + job.profile.spec().cores()
                    + " cores; this node lends " + cores);
        }
        byId.put(job.id(), job);
        // The machine's preference orders the waiting jobs, arrival among equals: behind every waiting job
        // it prefers at least as much. Without --prefer every job is 0, and this is arrival order.
        int at = waiting.size();
        while (at > 0 && waiting.get(at - 1).preference < job.preference) {
            at--;
        }
        waiting.add(at, job);
        waitingWork += coreWork(job);
        coreDemand += job.profile.spec().cores();
        lengthObserver.run();
    }

    /**
     * Starts what may start now (see the class comment): moves those jobs from waiting to running, with
     * {@code now} as their start, and returns them in the order they started.
     */
    List<HeldJob> startAll(long now) {
        List<HeldJob> started = new ArrayList<>(1);
        while (!waiting.isEmpty() && fits(waiting.get(0), freeCores(), memoryMiB - usedMemory)) {
            started.add(start(waiting.get(0), now));
        }
        if (waiting.size() > 1 && freeCores() > 0) {
            backfill(now, started);
        }
        return started;
    }

    private void backfill(long now, List<HeldJob> started) {
        HeldJob head = waiting.get(0);
        int headCores = head.profile.spec().cores();
        double headMemory = memoryOf(head.profile);
        // When the head will fit: walk the running jobs by expected end, freeing what each holds.
        List<HeldJob> byEnd = new ArrayList<>(running);
        byEnd.sort(Comparator.comparingLong(j -> expectedEnd(j, now)));
        int freeThen = freeCores();
        double memoryThen = memoryMiB - usedMemory;
        long shadow = now;
        for (HeldJob job : byEnd) {
            if (fits(headCores, headMemory, freeThen, memoryThen)) {
                break;
            }
            freeThen += job.profile.spec().cores();
            memoryThen += memoryOf(job.profile);
            shadow = expectedEnd(job, now);
        }
        int spareCores = freeThen - headCores;
        double spareMemory = memoryThen - headMemory;
        for (HeldJob job : List.copyOf(waiting.subList(1, waiting.size()))) {
            if (freeCores() == 0) {
                break;
            }
            if (!fits(job, freeCores(), memoryMiB - usedMemory)) {
                continue;
            }
            int jobCores = job.profile.spec().cores();
            double jobMemory = memoryOf(job.profile);
            if (now + job.profile.spec().runningMillis(cpuSpeed) <= shadow) {
                started.add(start(job, now));
            } else if (jobCores <= spareCores && (memoryMiB == 0 || jobMemory <= spareMemory)) {
                spareCores -= jobCores;
                spareMemory -= jobMemory;
                started.add(start(job, now));
            }
        }
    }

    /** When {@code job}, running, is expected to end: its run at this node's speed, or now if overdue. */
    private long expectedEnd(HeldJob job, long now) {
        return Math.max(now, job.startedAt + job.profile.spec().runningMillis(cpuSpeed));
    }

    private boolean fits(HeldJob job, int freeCores, double freeMemory) {
        return fits(job.profile.spec().cores(), memoryOf(job.profile), freeCores, freeMemory);
    }

    private boolean fits(int jobCores, double jobMemory, int freeCores, double freeMemory) {
        return jobCores <= freeCores && (memoryMiB == 0 || jobMemory <= freeMemory);
    }

    private HeldJob start(HeldJob job, long now) {
        waiting.remove(job);
        waitingWork -= coreWork(job);
        dropRoundingOnceNoneWaits();
        running.add(job);
        usedCores += job.profile.spec().cores();
        usedMemory += memoryOf(job.profile);
        job.startedAt = now;
        return job;
    }

    /**
     * With no job waiting there is no waiting work, exactly: sums and differences of fractional runs leave a
     * remainder (as little as -3e-18), and a negative backlog is refused by every neighbour as malformed.
     */
    private void dropRoundingOnceNoneWaits() {
        if (waiting.isEmpty()) {
            waitingWork = 0;
        }
    }

    boolean isRunning(JobId id) {
        HeldJob job = byId.get(id);
        return job != null && running.contains(job);
    }

    /** Removes a job, waiting or running; returns it, or null if not held. */
    HeldJob remove(JobId id) {
        HeldJob job = byId.remove(id);
        if (job == null) {
            return null;
        }
        if (running.remove(job)) {
            usedCores -= job.profile.spec().cores();
            usedMemory -= memoryOf(job.profile);
            if (running.isEmpty()) {
                usedMemory = 0; // drop accumulated rounding
            }
        } else {
            waiting.remove(job);
            waitingWork -= coreWork(job);
            dropRoundingOnceNoneWaits();
        }
        coreDemand -= job.profile.spec().cores();
        if (byId.isEmpty()) {
            waitingWork = 0; // drop accumulated rounding so an empty queue reports exactly no backlog
        }
        lengthObserver.run();
        return job;
    }

    /** A job's work times its cores (a one-core job's work exactly, so a one-core grid's sums never change). */
    private static double coreWork(HeldJob job) {
        int width = job.profile.spec().cores();
        return width == 1 ? job.profile.spec().work() : job.profile.spec().work() * width;
    }

    /** Every held job, the running ones first (in the order they started), then in queue order. */
    List<HeldJob> all() {
        List<HeldJob> jobs = new ArrayList<>(byId.size());
        jobs.addAll(running);
        jobs.addAll(waiting);
        return jobs;
    }

    Iterator<HeldJob> iterator() {
        return all().iterator();
    }
}
