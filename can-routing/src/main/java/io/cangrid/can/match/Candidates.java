package io.cangrid.can.match;

import io.cangrid.jobs.JobLoad;
import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.RunQueue;
import io.cangrid.overlay.resource.Requirements;
import java.util.ArrayList;
import java.util.List;

/** The capable nodes among a node and its neighbours (design.md §3), from neighbour state. */
public final class Candidates {

    private Candidates() {
    }

    public static List<Candidate> around(CanNode can, RunQueue ownQueue, JobSpec job, long now) {
        return around(can, ownQueue, job, false, now);
    }

    /**
     * The capable nodes around; with {@code needsCommand}, only those that run commands at all: a node
     * whose operator allows none would refuse the job however often it was picked. A candidate is free when
     * the job fits at once in what it has free (its cores and memory; on a one-core node: an empty queue).
     */
    public static List<Candidate> around(CanNode can, RunQueue ownQueue, JobSpec job, boolean needsCommand,
            long now) {
        Requirements req = job.requirements();
        int cores = job.cores();
        double memory = ownQueue.memoryOf(job);
        List<Candidate> found = new ArrayList<>();
        if (Capable.isCapable(can.capabilities(), req) && (!needsCommand || ownQueue.runsCommands())) {
            JobLoad own = JobLoad.of(ownQueue, now);
            found.add(new Candidate(can.id(), can.capabilities(), own.queueLength(), own.backlogSeconds(),
                    own.freeCores(), own.canStart(cores, memory)));
        }
        for (NeighbourEntry n : can.neighbours()) {
            NeighbourState state = n.lastState();
            if (state != null && Capable.isCapable(state.capabilities(), req)) {
                JobLoad load = JobLoad.of(state.extension());
                if (needsCommand && !load.runsCommands()) {
                    continue;
                }
                found.add(new Candidate(n.id(), state.capabilities(), load.queueLength(), load.backlogSeconds(),
                        load.freeCores(), load.canStart(cores, memory)));
            }
        }
        return found;
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
