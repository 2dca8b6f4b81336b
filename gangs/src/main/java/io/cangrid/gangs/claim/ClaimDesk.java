package io.cangrid.gangs.claim;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;

/**
 * A node's part in the claims of gangs: the member it always is and the coordinator it is for the gangs it
 * owns, behind one entry point for their messages. A message to the node itself (a coordinator that is also
 * a member) is handed over after the current event, never through the network.
 */
public final class ClaimDesk {

    private final NodeContext ctx;
    private final ClaimMember member;
    private final ClaimCoordinator coordinator;

    public ClaimDesk(NodeContext ctx, int slots, ClaimCoordinator.Settings settings, ClaimMember.Events memberEvents,
            ClaimCoordinator.Events coordinatorEvents) {
        this.ctx = ctx;
        ClaimOutbox out = this::send;
        this.member = new ClaimMember(ctx, out, slots, memberEvents);
        this.coordinator = new ClaimCoordinator(ctx, out, settings, coordinatorEvents);
    }

    public ClaimMember member() {
        return member;
    }

    public ClaimCoordinator coordinator() {
        return coordinator;
    }

    /** Hands a claim message from {@code from} to the role it is for. */
    public void receive(NodeId from, ClaimMessage m) {
        if (m instanceof ClaimPrepare p) {
            member.prepare(from, p);
        } else if (m instanceof ClaimVote v) {
            coordinator.vote(from, v);
        } else if (m instanceof ClaimCommit c) {
            member.commit(from, c);
        } else if (m instanceof ClaimAbort a) {
            member.abort(from, a);
        } else if (m instanceof ClaimRenew r) {
            member.renew(from, r);
        } else if (m instanceof ClaimRelease r) {
            member.release(from, r);
        } else if (m instanceof ClaimLost l) {
            coordinator.lost(from, l);
        }
    }

    private void send(NodeId to, ClaimMessage m) {
        if (to.equals(ctx.self())) {
            NodeId self = ctx.self();
            ctx.schedule(0, () -> receive(self, m));
        } else {
            ctx.send(to, m);
        }
    }
}
