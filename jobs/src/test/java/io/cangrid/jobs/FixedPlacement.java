package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A test-only stand-in for a real locator, shared by every node of one simulation: the owner of every job
 * is whichever node the test names, and matchmaking sends each job to the first live node of a list the
 * test keeps (or to its live nodes in turn). Tests change both as a real overlay would: a new owner after
 * the old one's zone was taken over, a run node withdrawn once the overlay no longer sees it.
 */
public final class FixedPlacement {

    /** The one message of this locator: a job's profile on its way to its owner. */
    public record Carry(JobProfile profile, MatchTrace trace, NodeId adopt) implements Message {
    }

    private final Simulation sim;
    private NodeId owner;
    private final List<NodeId> runNodes = new ArrayList<>();
    private boolean inTurn;
    private int turn;

    FixedPlacement(Simulation sim) {
        this.sim = sim;
    }

    /** From now on jobs travel to {@code owner}. */
    void ownerIs(NodeId owner) {
        this.owner = Objects.requireNonNull(owner);
    }

    NodeId owner() {
        return owner;
    }

    /** Matchmaking picks the first of these that is alive. */
    void runOn(NodeId... nodes) {
        runNodes.clear();
        runNodes.addAll(List.of(nodes));
    }

    /** Matchmaking takes the live nodes of the list in turn instead of always the first. */
    void inTurn() {
        inTurn = true;
    }

    /** The overlay no longer offers {@code node} as a run node. */
    void withdraw(NodeId node) {
        runNodes.remove(node);
    }

    /** This placement as {@code agent}'s locator, and its route to owners: a {@link Carry} to the owner set. */
    Locator locatorFor(NodeContext ctx, JobAgent agent) {
        agent.setOwnerRoute((job, trace, adopt) -> ctx.send(owner, new Carry(job, trace, adopt)));
        return new Locator() {
            @Override
            public void match(JobProfile job, NodeId jobOwner, MatchTrace trace) {
                for (int i = 0; i < runNodes.size(); i++) {
                    NodeId n = runNodes.get(inTurn ? (turn + i) % runNodes.size() : i);
                    if (sim.isAlive(n)) {
                        turn = (runNodes.indexOf(n) + 1) % runNodes.size();
                        agent.dispatch(n, job, jobOwner, trace.forwarded());
                        return;
                    }
                }
                agent.noMatch(job, jobOwner, "no live run node on the list " + runNodes, trace);
            }

            @Override
            public void receive(NodeId from, Message message) {
                Carry c = (Carry) message;
                if (c.adopt() == null) {
                    agent.becomeOwner(c.profile(), c.trace().routed(1));
                } else {
                    agent.adoptOwnership(c.profile(), c.adopt(), c.trace().routed(1));
                }
            }

            @Override
            public boolean handles(Message message) {
                return message instanceof Carry;
            }
        };
    }
}
