package io.cangrid.can.match;

import io.cangrid.jobs.JobLoad;
import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.jobs.JobMatch;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.RunQueue;
import java.util.ArrayList;
import java.util.List;

/** The capable nodes among a node and its neighbours (design.md §3), from neighbour state. */
public final class Candidates {

    private Candidates() {
    }

    /**
     * The nodes around that take the job, as {@link #capable} finds them, narrowed to those its rank prefers
     * (see {@link #preferred}).
     */
    public static List<Candidate> around(CanNode can, RunQueue ownQueue, JobMatch job, boolean needsCommand,
            long now) {
        return preferred(capable(can, ownQueue, job, needsCommand, now), job);
    }

    /**
     * The nodes around (this one and its neighbours) that take the job: capable, the job's requirements true
     * of the ad each publishes and its owner's {@code Start} true of the job, so that no node is picked that
     * would refuse the job on arrival; with {@code needsCommand}, only those that run commands at all (a node
     * whose operator allows none would refuse the job however often it was picked). A candidate is free when
     * the job fits at once in what it has free (its cores and memory; on a one-core node: an empty queue).
     */
    public static List<Candidate> capable(CanNode can, RunQueue ownQueue, JobMatch job, boolean needsCommand,
            long now) {
        JobSpec spec = job.spec();
        int cores = spec.cores();
        double memory = ownQueue.memoryOf(spec);
        List<Candidate> found = new ArrayList<>();
        if ((!needsCommand || ownQueue.runsCommands()) && job.accepts(can.capabilities(), ownQueue.machine(), now)) {
            JobLoad own = JobLoad.of(ownQueue, now);
            found.add(new Candidate(can.id(), can.capabilities(), own.queueLength(), own.backlogSeconds(),
                    own.freeCores(), own.canStart(cores, memory), job.rank(can.capabilities(), own.machine(), now)));
        }
        for (NeighbourEntry n : can.neighbours()) {
            NeighbourState state = n.lastState();
            if (state == null) {
                continue;
            }
            JobLoad load = JobLoad.of(state.extension());
            if ((!needsCommand || load.runsCommands()) && job.accepts(state.capabilities(), load.machine(), now)) {
                found.add(new Candidate(n.id(), state.capabilities(), load.queueLength(), load.backlogSeconds(),
                        load.freeCores(), load.canStart(cores, memory),
                        job.rank(state.capabilities(), load.machine(), now)));
            }
        }
        return found;
    }

    /**
     * The candidates a locator chooses among: for a job with a {@code Rank}, the free ones it ranks highest,
     * when any is free (rank picks among machines that can start the job now; when none can, load decides, as
     * waiting for the preferred machine would cost more than its preference is worth); all of them otherwise.
     */
    public static List<Candidate> preferred(List<Candidate> candidates, JobMatch job) {
        if (!job.ranks()) {
            return candidates;
        }
        double best = Double.NEGATIVE_INFINITY;
        for (Candidate c : candidates) {
            if (c.isFree()) {
                best = Math.max(best, c.rank());
            }
        }
        if (best == Double.NEGATIVE_INFINITY) {
            return candidates;
        }
        List<Candidate> top = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.isFree() && c.rank() == best) {
                top.add(c);
            }
        }
        return top;
    }

    /**
     * The paper's choice (sections 3 and 8): the fastest free candidate; if none is free, the shortest
     * queue, ties to the faster cpu. Remaining ties keep the first in order, so decisions are reproducible.
     */
    public static Candidate fastestFreeElseLeastLoaded(List<Candidate> candidates) {
        Candidate best = null;
        for (Candidate c : candidates) {
            if (best == null || better(c, best)) {
                best = c;
            }
        }
        return best;
    }

    private static boolean better(Candidate a, Candidate b) {
        if (a.isFree() != b.isFree()) {
            return a.isFree();
        }
        if (!a.isFree() && a.queueLength() != b.queueLength()) {
            return a.queueLength() < b.queueLength();
        }
        return a.cpu() > b.cpu();
    }
}
