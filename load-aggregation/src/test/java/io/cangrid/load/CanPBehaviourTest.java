package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.sim.SmallWorkload;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.MatchGrid;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobLoad;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.FreeFound;
import io.cangrid.load.push.PushStep;
import io.cangrid.load.push.TryAssign;
import io.cangrid.load.push.WaitingSearch;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobAssign;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CAN-P end to end on a small skewed grid (60 nodes, 300 jobs, each requirement constrained with
 * probability 1.3/3 at a level drawn like a node's): every job ends COMPLETED, or NO_MATCH when no node of
 * the grid is capable of it; no job is ever sent on to a node that is not an upper neighbour of the sender
 * (pushes and the upward walk alike); and a larger stopping factor pushes at least as many jobs.
 */
class CanPBehaviourTest {

    private static final int NODES = 60;
    static final int JOBS = 300;
    private static final long MEAN_GAP_MILLIS = 6_000;

    /** What happened to one workload under one stopping factor. */
    record Outcome(double sf, long completed, long noMatch, int finished, int unfinished, int assigned, int pushed,
            int pushSteps, List<String> notUpward, List<String> unmatchedButCapable, int freeFound,
            int duplicateFinishes, int widestSeek, int freeFoundNotOwnWord, int refitPasses, int refitPassesWhileBusy,
            int movesToBusy, double meanWaitSeconds) {

        double pushedFraction() {
            return pushed / (double) assigned;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "SF %.0f: %d completed, %d no match, %d unfinished, %d of %d pushed"
                    + " (%.3f), %d push steps, mean wait %.1f s", sf, completed, noMatch, unfinished, pushed, assigned,
                    pushedFraction(), pushSteps, meanWaitSeconds);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 11})
    void everyJobEndsNoJobGoesDownAndAHigherStoppingFactorPushesMore(long seed) {
        Outcome p1 = run(seed, 1);
        Outcome p3 = run(seed, 3);
        String context = "seed " + seed + ": " + p1 + "; " + p3;
        System.out.println("CAN-P " + context);
        for (Outcome o : List.of(p1, p3)) {
            assertThat(o.unfinished()).as(context).isZero();
            assertThat(o.finished()).as(context).isEqualTo(JOBS);
            assertThat(o.completed() + o.noMatch()).as(context).isEqualTo(JOBS);
            assertThat(o.completed()).as(context).isGreaterThan(0);
            assertThat(o.pushSteps()).as(context).isGreaterThan(0);
            assertThat(o.notUpward()).as(context).isEmpty();
            assertThat(o.unmatchedButCapable()).as(context).isEmpty();
        }
        assertThat(p1.pushedFraction()).as(context).isLessThanOrEqualTo(p3.pushedFraction());
    }

    static Outcome run(long seed, double sf) {
        return run(seed, CanPConfig.withStoppingFactor(sf));
    }

    static Outcome run(long seed, CanPConfig config) {
        double sf = config.stop().factor();
        SmallWorkload workload = SmallWorkload.of(seed, NODES, JOBS, MEAN_GAP_MILLIS);
        List<Capabilities> population = workload.population();
        LoadGrid grid = new LoadGrid(seed, config, 10_000, 30_000);
        int[] pushSteps = new int[1];
        int[] freeFound = new int[1];
        int[] widestSeek = new int[1];
        int[] notOwnWord = new int[1];
        int[] refit = new int[2];
        int[] movesToBusy = new int[1];
        List<String> notUpward = new ArrayList<>();
        grid.onSend(sent -> {
            NodeId from = sent.from();
            NodeId to = sent.to();
            Message message = sent.message();
            if (message instanceof FreeFound f) {
                freeFound[0]++;
                // Sent at this instant: the answer is the free node's own word only if it comes from that
                // node and its queue is idle now.
                if (!from.equals(f.free()) || !grid.node(from).agent().queue().isIdle()) {
                    notOwnWord[0]++;
                }
            }
            if (message instanceof TryAssign offer && from.equals(offer.fallback())) {
                refit[0]++;
                if (!grid.node(from).agent().queue().isIdle()) {
                    refit[1]++;
                }
            }
            if (message instanceof JobAssign move && move.movedFrom() != null && looksBusy(grid.node(from), to)) {
                movesToBusy[0]++;
            }
            if (message instanceof WaitingSearch w) {
                widestSeek[0] = Math.max(widestSeek[0], w.budget());
            }
            if (message instanceof PushStep) {
                pushSteps[0]++;
                JobNode<CanOverlay> sender = grid.node(from);
                JobNode<CanOverlay> receiver = grid.node(to);
                if (!isUpperNeighbour(sender.overlay().can().zones(), receiver.overlay().can().zones()) && notUpward.size() < 5) {
                    notUpward.add(from + " " + List.of(sender.overlay().can().zones()) + " -> " + to + " "
                            + List.of(receiver.overlay().can().zones()) + " at " + sent.at());
                }
            }
        });
        grid.build(population);
        long start = grid.sim.now();
        for (SmallWorkload.Arrival a : workload.arrivals()) {
            grid.submit(start + a.at(), a.spec());
        }
        long lastArrival = workload.arrivals().get(JOBS - 1).at();
        grid.runUntilDone(start + lastArrival + 6 * 3600_000L);
        JobLog log = grid.log;
        // NO_MATCH is only right when no node of the grid could have run the job.
        List<String> unmatchedButCapable = new ArrayList<>();
        for (MatchGrid.Fate f : grid.fates(x -> x.finals().contains(JobState.NO_MATCH))) {
            JobProfile job = f.job();
            for (Capabilities caps : population) {
                if (caps.satisfies(job.spec().requirements())) {
                    unmatchedButCapable.add(job.id() + " needs " + job.spec().requirements() + ", " + caps + " has it");
                    break;
                }
            }
        }
        return new Outcome(sf, log.count(JobState.COMPLETED), log.count(JobState.NO_MATCH),
                log.finalStates().size(), grid.client().unfinished(), log.count(JobLog.Kind.ASSIGNED), grid.pushed(),
                pushSteps[0], notUpward, unmatchedButCapable, freeFound[0], log.duplicateFinishes(),
                widestSeek[0], notOwnWord[0], refit[0], refit[1], movesToBusy[0],
                log.meanWaitSeconds());
    }

    /** Whether {@code node}'s last state message from neighbour {@code other} said it had a queue. */
    private static boolean looksBusy(JobNode<CanOverlay> node, NodeId other) {
        for (NeighbourEntry n : node.overlay().can().neighbours()) {
            if (n.id().equals(other) && n.lastState() != null) {
                return JobLoad.of(n.lastState().extension()).queueLength() > 0;
            }
        }
        return false;
    }

    private static boolean isUpperNeighbour(Zone[] from, Zone[] to) {
        for (Zone a : from) {
            for (Zone b : to) {
                for (int d = 0; d < a.dimensions(); d++) {
                    if (a.hasUpperNeighbour(b, d)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
