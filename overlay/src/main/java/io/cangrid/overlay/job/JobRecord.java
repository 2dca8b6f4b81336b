package io.cangrid.overlay.job;

import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The status of one job as an owner or a client keeps it: the job's profile (id, spec, injection node),
 * its current state, the nodes that own and run it, and every state change with the virtual time it
 * happened at. Mutable, and like all protocol state touched only on its node's thread.
 *
 * <p>State changes follow {@link JobState#canMoveTo}; a record is a faithful trace of one job, so an
 * illegal move is a bug in the caller and fails at once.
 */
public final class JobRecord {

    /** One state change. {@code reason} is null unless one was given (always given for FAILED and NO_MATCH). */
    public record Transition(JobState state, long at, String reason) {
    }

    private final JobId id;
    private final JobSpec spec;
    private final NodeId injectionNode;
    private final List<Transition> history = new ArrayList<>();
    private NodeId owner;
    private NodeId runNode;

    /** A record for a job just submitted at {@code injectionNode}, at virtual time {@code submittedAt} (ms). */
    public JobRecord(JobId id, JobSpec spec, NodeId injectionNode, long submittedAt) {
        this.id = Objects.requireNonNull(id, "id");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.injectionNode = Objects.requireNonNull(injectionNode, "injectionNode");
        history.add(new Transition(JobState.SUBMITTED, submittedAt, null));
    }

    public JobId id() {
        return id;
    }

    public JobSpec spec() {
        return spec;
    }

    /** Where the client submitted the job; results wait there until the client fetches them. */
    public NodeId injectionNode() {
        return injectionNode;
    }

    public JobState state() {
        return last().state();
    }

    public boolean isTerminal() {
        return state().isTerminal();
    }

    /** Why the job entered its current state, or null; never null in FAILED or NO_MATCH. */
    public String reason() {
        return last().reason();
    }

    /** Moves to {@code next} at virtual time {@code now} without a reason; see {@link #moveTo(JobState, long, String)}. */
    public void moveTo(JobState next, long now) {
        moveTo(next, now, null);
    }

    /**
     * Moves to {@code next} at virtual time {@code now}. A reason is required for FAILED and NO_MATCH, and
     * may annotate any other move (e.g. why a job is matched again) for status and explain output.
     *
     * @throws IllegalStateException when the life cycle does not allow the move
     * @throws IllegalArgumentException when time runs backwards, or a required reason is missing
     */
    public void moveTo(JobState next, long now, String reason) {
        Objects.requireNonNull(next, "next");
        JobState current = state();
        if (current.isTerminal()) {
            throw new IllegalStateException("job " + id + " is already " + current + ", a final state; cannot move to "
                    + next);
        }
        if (!current.canMoveTo(next)) {
            throw new IllegalStateException("job " + id + " cannot move from " + current + " to " + next
                    + "; from " + current + " it may move to " + current.successors());
        }
        if (now < last().at()) {
            throw new IllegalArgumentException("job " + id + ": time runs backwards (" + now + " ms is before the last"
                    + " change at " + last().at() + " ms)");
        }
        if (next.needsReason() && (reason == null || reason.isBlank())) {
            throw new IllegalArgumentException("job " + id + ": moving to " + next + " needs a reason for the client");
        }
        history.add(new Transition(next, now, reason));
    }

    /** Virtual time of the latest entry into {@code state}, or empty if the job has never been in it. */
    public OptionalLong enteredAt(JobState state) {
        for (int i = history.size() - 1; i >= 0; i--) {
            if (history.get(i).state() == state) {
                return OptionalLong.of(history.get(i).at());
            }
        }
        return OptionalLong.empty();
    }

    public long submittedAt() {
        return history.get(0).at();
    }

    /** Virtual time of the latest state change. */
    public long lastChangeAt() {
        return last().at();
    }

    /** Every state change in order, starting with SUBMITTED. */
    public List<Transition> history() {
        return Collections.unmodifiableList(history);
    }

    /** The node whose zone holds the job's point, as far as this record knows; null until known. */
    public NodeId owner() {
        return owner;
    }

    /** Records a new owner: after routing, a zone handover (join, leave) or a takeover. Null = unknown. */
    public void setOwner(NodeId owner) {
        this.owner = owner;
    }

    /** The node the job was last sent to run on; null until matched. */
    public NodeId runNode() {
        return runNode;
    }

    /** Records the chosen run node, or null when the job is matched again after losing it. */
    public void setRunNode(NodeId runNode) {
        this.runNode = runNode;
    }

    private Transition last() {
        return history.get(history.size() - 1);
    }

    @Override
    public String toString() {
        return "JobRecord[" + id + " " + state() + (reason() == null ? "" : " (" + reason() + ")")
                + ", owner " + (owner == null ? "?" : owner.shortName())
                + ", run node " + (runNode == null ? "-" : runNode.shortName()) + "]";
    }
}
