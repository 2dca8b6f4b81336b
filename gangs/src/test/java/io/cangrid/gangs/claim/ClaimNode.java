package io.cangrid.gangs.claim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A node that takes part in claims and does nothing else: each gang it coordinates "runs" for a set time once
 * committed and is then released. It keeps the records the tests read: when each gang was claimed and
 * released on it, and what its coordinator heard.
 */
final class ClaimNode implements NodeProgram {

    /** One interval a gang held this node claimed: from {@code from} to {@code to} (-1 while it lasts). */
    static final class Claimed {
        final String gang;
        final int attempt;
        final long from;
        long to = -1;
        String why;

        Claimed(String gang, int attempt, long from) {
            this.gang = gang;
            this.attempt = attempt;
            this.from = from;
        }
    }

    final NodeContext ctx;
    final ClaimDesk desk;
    final List<Claimed> claimed = new ArrayList<>();
    final List<String> heard = new ArrayList<>();
    /** Every claim message that reached this node, as text: what a hostile sender was told. */
    final List<String> received = new ArrayList<>();
    /** Gangs asked for here: claimed again when a member lost its place, as a job's owner would. */
    final Map<String, List<NodeId>> asked = new HashMap<>();
    final Map<String, Long> priorities = new HashMap<>();
    int completed;
    /** Whether a gang that lost a member is claimed again. */
    boolean reclaim = true;
    /** A node that hears nothing: an agent that hangs, never voting. */
    volatile boolean deaf;
    final Map<String, Long> committedAt = new HashMap<>();
    final Map<String, String> endedWhy = new HashMap<>();
    /** How long each gang coordinated here runs once committed before it is released; absent: until told. */
    final Map<String, Long> runFor = new HashMap<>();

    ClaimNode(NodeContext ctx, int slots, long leaseMillis, int maxAttempts) {
        this.ctx = ctx;
        this.desk = new ClaimDesk(ctx, slots, new ClaimCoordinator.Settings(leaseMillis, maxAttempts),
                new ClaimMember.Events() {
                    @Override
                    public void claimed(ClaimMember.Hold hold) {
                        claimed.add(new Claimed(hold.gang(), hold.attempt(), ctx.now()));
                    }

                    @Override
                    public void released(ClaimMember.Hold hold, String why) {
                        for (Claimed c : claimed) {
                            if (c.gang.equals(hold.gang()) && c.attempt == hold.attempt() && c.to < 0) {
                                c.to = ctx.now();
                                c.why = why;
                            }
                        }
                    }
                }, new ClaimCoordinator.Events() {
                    @Override
                    public void committed(ClaimCoordinator.Status claim) {
                        heard.add("committed " + claim.gang() + " #" + claim.attempt() + "@" + ctx.now());
                        committedAt.putIfAbsent(claim.gang(), ctx.now());
                        Long run = runFor.get(claim.gang());
                        if (run != null) {
                            int attempt = claim.attempt();
                            ctx.schedule(run, () -> {
                                ClaimCoordinator.Status s = desk.coordinator().status(claim.gang());
                                if (s != null && s.attempt() == attempt) {
                                    desk.coordinator().release(claim.gang());
                                }
                            });
                        }
                    }

                    @Override
                    public void waiting(ClaimCoordinator.Status claim) {
                        heard.add("waiting " + claim.gang() + " #" + claim.attempt() + ": " + claim.why());
                    }

                    @Override
                    public void ended(ClaimCoordinator.Status claim, String why) {
                        heard.add("ended " + claim.gang() + ": " + why);
                        endedWhy.put(claim.gang(), why);
                        if (why.equals("released")) {
                            completed++;
                        } else if (reclaim && !why.startsWith("gave up")) {
                            String gang = claim.gang();
                            ctx.schedule(0, () -> desk.coordinator().claim(gang, asked.get(gang), priorities.get(gang)));
                        }
                    }
                });
    }

    @Override
    public void start() {
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof ClaimMessage m && !deaf) {
            received.add(from.shortName() + " " + m);
            desk.receive(from, m);
        }
    }

    @Override
    public void leave() {
        ctx.exit();
    }

    /** Claims {@code members} for {@code gang}, which then runs {@code runMillis} and is released. */
    void claim(String gang, List<NodeId> members, long priority, long runMillis) {
        runFor.put(gang, runMillis);
        asked.put(gang, members);
        priorities.put(gang, priority);
        desk.coordinator().claim(gang, members, priority);
    }
}
