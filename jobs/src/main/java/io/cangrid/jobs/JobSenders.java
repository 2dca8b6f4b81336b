package io.cangrid.jobs;

import io.cangrid.overlay.LogText;
import io.cangrid.overlay.NodeId;
import java.util.EnumMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may say what about a job (design.md §6, "who may say what"): the rules by which a node takes a job
 * message only from the node that must have sent it, judged against {@code from}, the sender the runtime
 * authenticated, and the count of what it refused. Every refusal is one warning line and one count; none
 * throws, so a hostile grid member costs a log line, never a node's thread.
 *
 * <p>The rules, by the receiving role:
 * <ul>
 * <li>a run node drops a job ({@code HeartbeatAck}) only at the word of the job's owner as it knows it, and
 *   takes a new owner ({@code OwnerChanged}) only from its current owner, which hands the job over, or, for
 *   a job it re-routed itself after its owner fell silent, from whichever node adopts it;</li>
 * <li>an owner takes a job's end ({@code JobDone}) and a job given back ({@code JobReturned}) only from the
 *   job's run node (or one it had before), and while the job is still being matched also from the node
 *   where matchmaking ended; it keeps no outcome of a job it neither owns nor just handed over;</li>
 * <li>a client takes a result only from the job's run node or owner (see {@link JobFollower}), and none for
 *   a job it does not follow;</li>
 * <li>a field naming the sender ({@code JobAssign.movedFrom}, the client of a {@code ResubmitJob}) must name
 *   {@code from}.</li>
 * </ul>
 * One instance per node role that receives job messages; it runs on that node's thread.
 */
public final class JobSenders {

    private static final Logger log = LoggerFactory.getLogger(JobSenders.class);

    /** What was refused, and why: one counter each. */
    public enum Refusal {
        /** A result from a node that is neither the job's run node nor its owner. */
        RESULT_FROM_STRANGER("a result from a node that is neither the job's run node nor its owner"),
        /** A job's outcome ({@code GridOutcome}) for a job owned here, from a node that is not its client. */
        OUTCOME_FROM_STRANGER("a job's outcome from a node that is not the job's client"),
        /** A result for a job this client does not follow. */
        RESULT_NOT_FOLLOWED("a result for a job this node does not follow"),
        /** A drop ({@code HeartbeatAck}) from a node that is not the job's owner. */
        DROP_FROM_NON_OWNER("a drop from a node that is not the job's owner"),
        /** A new owner ({@code OwnerChanged}) the job's current owner did not name. */
        OWNER_NOT_HANDED_OVER("a claim of the job's ownership its owner did not hand over"),
        /** A job's end ({@code JobDone}) from a node that is not its run node. */
        DONE_FROM_STRANGER("a job's end from a node that is not its run node"),
        /** A job's end for a job this owner does not own. */
        DONE_NOT_OWNED("a job's end for a job this node does not own"),
        /** A job given back ({@code JobReturned}) by a node that is not its run node. */
        RETURNED_BY_STRANGER("a job given back by a node that is not its run node"),
        /** A message whose field names a sender other than the one that sent it. */
        SENDER_MISNAMED("a message naming a sender other than the one that sent it");

        private final String text;

        Refusal(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    private final NodeId self;
    private final Map<Refusal, Integer> refused = new EnumMap<>(Refusal.class);

    public JobSenders(NodeId self) {
        this.self = self;
    }

    /**
     * Counts and logs a refusal. {@code job} and {@code detail} came from the network, so they are escaped;
     * {@code from} is the authenticated sender.
     */
    public void refuse(Refusal why, NodeId from, JobId job, String detail) {
        refused.merge(why, 1, Integer::sum);
        log.warn("{}: refused {} from {} about job {}{}", self, why.text(), from,
                job == null ? "?" : LogText.of(job.toString()), detail == null ? "" : ": " + LogText.of(detail));
    }

    /** Everything refused so far. */
    public int refusals() {
        int n = 0;
        for (int c : refused.values()) {
            n += c;
        }
        return n;
    }

    /** How often {@code why} was refused. */
    public int refusals(Refusal why) {
        return refused.getOrDefault(why, 0);
    }

    /** Whether a field that names the sender of a message (null: names nobody) names {@code from}. */
    static boolean namesSender(NodeId field, NodeId from) {
        return field == null || field.equals(from);
    }

    /**
     * Whether a run node takes {@code newOwner} as the owner of a job it holds under {@code owner}, as
     * {@code from} says. The current owner may name anyone (it hands the job over); anyone else may name
     * only itself, and only for a job the run node re-routed ({@code rerouted}) because its owner fell
     * silent: the node owning the job's point now answers that, and no one else knows to.
     */
    static boolean mayChangeOwner(NodeId owner, boolean rerouted, NodeId from, NodeId newOwner) {
        if (from.equals(owner)) {
            return true;
        }
        return rerouted && newOwner.equals(from);
    }

    /** Whether a run node drops a job it holds under {@code owner} at the word of {@code from}. */
    static boolean mayDrop(NodeId owner, NodeId from) {
        return owner.equals(from);
    }

    /**
     * Whether an owner takes a job's end (or a job given back) from {@code from}: its run node, a run node it
     * had before (presumed dead, yet it ran the job), or, while the job is being matched ({@code runNode}
     * null), any node, since the node where matchmaking ended (a NO_MATCH) or a run node whose report has not
     * arrived yet (a short job) is not known to the owner.
     */
    static boolean mayEnd(NodeId runNode, java.util.Collection<NodeId> formerRunNodes, NodeId from) {
        return runNode == null || runNode.equals(from) || formerRunNodes.contains(from);
    }
}
