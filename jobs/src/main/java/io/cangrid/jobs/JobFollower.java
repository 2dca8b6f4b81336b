package io.cangrid.jobs;

import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's side of a job's life, the same in the simulation, in PeerSim and on a live node: it follows
 * the jobs it submitted, looks a job up at its owner when it has heard nothing of it for two heartbeats,
 * resubmits it (same id, next attempt) only when the owner proves to have no record of it, and keeps the
 * first result of each job. It is the last line of recovery, for when a job's owner and run node both died.
 *
 * <p>"No record" is proof only from an owner that has held the job's point long enough for any run node
 * still holding the job to have turned to it: the same owner, asked again a client timeout later. An owner
 * that has just taken the zone (a restarted node among them) may not know the job yet. After
 * {@link JobConfig#maxRuns()} attempts lost this way the job ends FAILED.
 *
 * <p>A result is taken only from a node that speaks for the job: its owner (the node a lookup reached, or,
 * before any lookup, the first to report progress on it) and the run nodes that owner named. A result from
 * any other node is checked with the owner first, and refused when the owner does not name its sender
 * ({@link JobSenders}): a grid member cannot end another's job with a forged result. One case is left: the
 * owner died before it named the run node, and the node owning the point since has had no record of the job
 * for a whole client timeout, the proof on which the job would be submitted again. Then the result waiting
 * for a check is taken instead, so that a job that ended runs no second time.
 *
 * <p>Where the follower runs says how it reaches owners and what a result becomes, through {@link Port}.
 * It runs on its node's thread and takes time only from the node's context.
 */
public final class JobFollower {

    private static final Logger log = LoggerFactory.getLogger(JobFollower.class);

    /** How long an owner's answer to a lookup is waited for. */
    public static final long ASK_TIMEOUT_MILLIS = 3_000;

    /**
     * How many client timeouts a follower that follows a job on another node's behalf (a backup: the node
     * that took the job owns it too and asked a neighbour to follow it as well) waits, once no owner has a
     * record of the job, for the node that took it to answer before it submits the job again. Its own
     * timeout alone is not proof that the job is lost: a partition hides the job's owner and its client
     * alike, and the job, run on the other side, would run again here. A client that answers speaks for
     * the job; one silent this long is taken for dead with the job's owner, which is what a backup is for.
     */
    public static final int BACKUP_PATIENCE_TIMEOUTS = 5;

    /** What a follower needs from where it runs. */
    public interface Port {

        /** Asks the owner of {@code job}'s point; {@code then} gets its answer, or null after the timeout. */
        void ask(JobId job, long timeoutMillis, Consumer<JobStatusReply> then);

        /** Submits {@code next} (the job's next attempt, this client named as its client) to the grid again. */
        void resubmit(JobProfile next);

        /** {@code job} ended as {@code result} says: the first result of a followed job, and the only one. */
        void ended(JobProfile job, JobStatusReply result);

        /**
         * Asks the node that took {@code job} ({@link JobProfile#client()}) how the job stands by its own
         * record; {@code then} gets its answer, or null when none came within {@code timeoutMillis}. Asked only
         * where this follower follows the job on another node's behalf (see {@link #BACKUP_PATIENCE_TIMEOUTS}).
         */
        default void askClient(JobProfile job, long timeoutMillis, Consumer<JobStatusReply> then) {
            then.accept(null);
        }

        /** This follower no longer follows {@code job}: the node that took it answers for it. */
        default void dropped(JobProfile job) {
        }

        /** The final result this client kept of {@code job} itself, if any (a live node keeps them on disk). */
        default JobStatusReply kept(JobId job) {
            return null;
        }

        /** {@code job} is followed under this profile now (a live node writes it to disk). */
        default void following(JobProfile job) {
        }
    }

    /** How many nodes a followed job's results are taken from at once, and how many results wait for a check. */
    static final int MAX_VOUCHED = 16;
    static final int MAX_UNCHECKED = 4;

    /** A result from a node not known to speak for the job, kept until the job's owner says who does. */
    private record Unchecked(NodeId from, JobStatusReply result) {
    }

    private static final class Followed {
        JobProfile profile;
        long lastHeard;
        boolean asking;
        /**
         * The job's owner as the overlay named it: the node that answered a lookup, which the overlay routed
         * to the owner of the job's point. Null until one answered.
         */
        NodeId owner;
        /** The first node to report progress on the job: taken for its owner until a lookup names one. */
        NodeId firstReporter;
        /** The nodes whose result of this job is taken at once: its owners and the run nodes they named. */
        final Set<NodeId> vouched = new LinkedHashSet<>();
        /** Whether a trusted word placed the job on a run node: a NO_MATCH from an unknown node is refused then. */
        boolean placed;
        final List<Unchecked> unchecked = new ArrayList<>(1);
        /** The owner that last said it has no record of the job, and since when it has said so. */
        NodeId noRecordFrom;
        long noRecordSince;
        /** For a backup: since when the job's client has not answered (0: it answered, or was not asked). */
        long clientSilentSince;

        Followed(JobProfile profile, long lastHeard) {
            this.profile = profile;
            this.lastHeard = lastHeard;
        }
    }

    private final NodeContext ctx;
    private final JobConfig config;
    private final Port port;
    private final JobSenders senders;
    private final Map<JobId, Followed> followed = new LinkedHashMap<>();

    /** @param senders counts the results refused (the node's own, when the follower lives on a job node) */
    public JobFollower(NodeContext ctx, JobConfig config, Port port, JobSenders senders) {
        this.ctx = ctx;
        this.config = config;
        this.port = port;
        this.senders = senders;
    }

    public JobFollower(NodeContext ctx, JobConfig config, Port port) {
        this(ctx, config, port, new JobSenders(ctx.self()));
    }

    /** What this follower refused to take from whom. */
    public JobSenders senders() {
        return senders;
    }

    /** Follows {@code job}, heard of now; a job already followed keeps its state. */
    public void follow(JobProfile job) {
        follow(job, ctx.now());
    }

    /** Follows {@code job}, last heard of at {@code lastHeard} (0: long ago, looked up at the next tick). */
    public void follow(JobProfile job, long lastHeard) {
        if (!followed.containsKey(job.id())) {
            followed.put(job.id(), new Followed(job, lastHeard));
            port.following(job);
        }
    }

    public boolean follows(JobId job) {
        return followed.containsKey(job);
    }

    /** The jobs followed, in the order they were first followed. */
    public Collection<JobProfile> jobs() {
        return followed.values().stream().map(f -> f.profile).toList();
    }

    public int size() {
        return followed.size();
    }

    /** Word of {@code job}: it is alive. */
    public void heard(JobId job) {
        Followed f = followed.get(job);
        if (f != null) {
            f.lastHeard = ctx.now();
        }
    }

    /**
     * {@code from} reports that {@code job} stands at {@code state} on {@code runNode} (null: being matched).
     * Any report keeps the job alive. Only its owner's names the nodes whose result is taken: the owner a
     * lookup found, or, before any lookup, the first node to report on the job (a later owner is confirmed
     * by a lookup when its word is needed).
     */
    public void progress(NodeId from, JobId job, JobState state, NodeId runNode) {
        Followed f = followed.get(job);
        if (f == null) {
            return;
        }
        f.lastHeard = ctx.now();
        if (f.firstReporter == null) {
            f.firstReporter = from;
        }
        boolean owner = f.owner != null ? f.owner.equals(from) : f.firstReporter.equals(from);
        if (owner) {
            vouch(f, from);
            if (runNode != null) {
                vouch(f, runNode);
                f.placed = true;
            }
        }
    }

    /**
     * The owner of {@code reply.job()}'s point answered a lookup someone on this node made (a live node's
     * gateway asks as it takes a job): it, and the run node it names, speak for the job.
     */
    public void ownerAnswered(JobStatusReply reply) {
        Followed f = followed.get(reply.job());
        if (f != null && knowsTheJob(reply)) {
            learn(f, reply);
        }
    }

    /**
     * Whether a lookup's answer comes from a node that knows the job: only such a one speaks for it. A node
     * with no record of it is no owner of it, whatever point it holds (a new owner not yet told, or, with
     * locators that keep jobs where they were taken, never the owner).
     */
    private static boolean knowsTheJob(JobStatusReply reply) {
        return reply.owner() != null && reply.state() != null;
    }

    private void learn(Followed f, JobStatusReply reply) {
        f.owner = reply.owner();
        vouch(f, reply.owner());
        if (reply.runNode() != null) {
            vouch(f, reply.runNode());
            f.placed = true;
        }
    }

    private static void vouch(Followed f, NodeId node) {
        if (f.vouched.size() < MAX_VOUCHED || f.vouched.contains(node)) {
            f.vouched.add(node);
        }
    }

    /**
     * {@code result} of a job arrived from {@code from}. The first result of a followed job ends it (the port
     * hears it) when it comes from a node that speaks for the job: this node, the job's owner or a run node
     * the owner named, or, for a NO_MATCH of a job no trusted word placed yet, any node (the node where
     * matchmaking gave up is known to no one). A result from any other node is checked with the job's owner
     * at once: taken if the owner names its sender, refused (counted and logged) otherwise, and the owner's
     * own word of an ended job taken instead. Returns whether the result ended a followed job; one for a job
     * not followed is left to the caller (it may be a late duplicate).
     */
    public boolean result(NodeId from, JobStatusReply result) {
        Followed f = followed.get(result.job());
        if (f == null) {
            return false;
        }
        boolean noMatchWhileMatching = result.state() == JobState.NO_MATCH && !f.placed;
        if (from.equals(ctx.self()) || f.vouched.contains(from) || noMatchWhileMatching) {
            return result(result);
        }
        if (f.unchecked.size() >= MAX_UNCHECKED) {
            senders.refuse(JobSenders.Refusal.RESULT_FROM_STRANGER, from, result.job(),
                    "too many unchecked results of the job already");
            return false;
        }
        f.unchecked.add(new Unchecked(from, result));
        if (!f.asking) {
            lookUp(f);
        }
        return false;
    }

    /**
     * A result of a followed job this node trusts (the owner's answer to a lookup, or a checked one): the
     * first one ends the job (the port hears it), any later one is ignored. Returns whether it ended it.
     */
    public boolean result(JobStatusReply result) {
        Followed f = followed.remove(result.job());
        if (f == null) {
            return false;
        }
        for (Unchecked u : f.unchecked) {
            // The job ended by another word: none of these was ever vouched for.
            senders.refuse(JobSenders.Refusal.RESULT_FROM_STRANGER, u.from(), u.result().job(),
                    "no owner of the job named it before the job ended; its result " + u.result().state()
                            + " is not taken");
        }
        f.unchecked.clear();
        port.ended(f.profile, result);
        return true;
    }

    /** Looks up every job silent for two heartbeats; the host calls this once a heartbeat. */
    public void tick() {
        long now = ctx.now();
        for (Followed f : List.copyOf(followed.values())) {
            if (!f.asking && (now - f.lastHeard > 2 * config.heartbeatMillis() || !f.unchecked.isEmpty())) {
                lookUp(f);
            }
        }
    }

    private void lookUp(Followed f) {
        f.asking = true;
        port.ask(f.profile.id(), ASK_TIMEOUT_MILLIS, reply -> lookedUp(f, reply));
    }

    /**
     * After an answer from a node that knows the job: takes the first unchecked result whose sender it
     * vouched for and refuses the others; returns whether one ended the job. (An answer with no record
     * leaves them waiting: such a node can neither vouch for a sender nor refute it.)
     */
    private boolean checkUnchecked(Followed f) {
        List<Unchecked> waiting = List.copyOf(f.unchecked);
        f.unchecked.clear();
        boolean ended = false;
        for (Unchecked u : waiting) {
            if (f.vouched.contains(u.from())) {
                // The first vouched-for result ends the job; a second one is a duplicate, ignored.
                ended = ended || result(u.result());
            } else {
                senders.refuse(JobSenders.Refusal.RESULT_FROM_STRANGER, u.from(), u.result().job(),
                        "the job's owner " + f.owner + " does not name it; its result " + u.result().state()
                                + " is not taken");
            }
        }
        return ended;
    }

    private void lookedUp(Followed f, JobStatusReply reply) {
        f.asking = false;
        if (followed.get(f.profile.id()) != f || reply == null) {
            return; // unchecked results wait for the next tick's lookup
        }
        if (knowsTheJob(reply)) {
            learn(f, reply);
            if (checkUnchecked(f)) {
                return;
            }
        }
        if (reply.state() != null && reply.state().isTerminal()) {
            result(reply);
            return;
        } else if (reply.state() != null) {
            f.lastHeard = ctx.now();
            f.noRecordFrom = null;
            return;
        }
        JobStatusReply kept = port.kept(f.profile.id());
        if (kept != null && kept.state() != null && kept.state().isTerminal()) {
            result(kept); // this client knows how it ended: a job ends once
            return;
        }
        if (f.noRecordFrom == null || !f.noRecordFrom.equals(reply.owner())) {
            f.noRecordFrom = reply.owner();
            f.noRecordSince = ctx.now();
            return;
        }
        long timeout = config.clientTimeoutMillis();
        if (ctx.now() - f.noRecordSince <= timeout || ctx.now() - f.lastHeard <= timeout) {
            return;
        }
        if (!f.unchecked.isEmpty()) {
            // A run node reported the job's end, but the owner that could name it died before it did, and the
            // node owning the point since has had no record of the job for a whole client timeout: no live
            // node holds the job (one would have routed it here by now), so the run it reports is the only
            // one there was. Taking it ends the job once; the alternative is running it again.
            Unchecked u = f.unchecked.remove(0);
            log.info("job {}: its owner {} has had no record of it for {} ms; the result {} from {}, whom no"
                    + " owner could name, is taken rather than running the job again", f.profile.id(),
                    reply.owner() == null ? "?" : reply.owner().shortName(), timeout, u.result().state(),
                    u.from().shortName());
            result(u.result());
            return;
        }
        if (f.profile.attempt() >= config.maxRuns()) {
            String why = "submitted " + f.profile.attempt() + " times and lost each time: nothing heard of it for "
                    + timeout + " ms and its owner has no record of it";
            log.warn("job {}: {}; it ends FAILED", f.profile.id(), why);
            result(new JobStatusReply(0, f.profile.id(), JobState.FAILED, null, null, why));
            return;
        }
        if (!ctx.self().equals(f.profile.client())) {
            checkWithClient(f, reply.owner(), timeout);
            return;
        }
        resubmit(f, reply.owner(), timeout);
    }

    /**
     * A backup's last look before it submits a job again: the node that took the job, if it answers, knows
     * better than any owner this side of a partition whether it ended.
     */
    private void checkWithClient(Followed f, NodeId owner, long timeout) {
        f.asking = true;
        port.askClient(f.profile, ASK_TIMEOUT_MILLIS, answer -> {
            f.asking = false;
            if (followed.get(f.profile.id()) != f) {
                return;
            }
            long now = ctx.now();
            if (answer == null) {
                if (f.clientSilentSince == 0) {
                    f.clientSilentSince = now;
                }
                if (now - f.clientSilentSince >= BACKUP_PATIENCE_TIMEOUTS * timeout) {
                    resubmit(f, owner, timeout);
                }
                return;
            }
            f.clientSilentSince = 0;
            if (answer.state() != null && answer.state().isTerminal()) {
                log.info("job {}: no owner here has a record of it, but {}, which took it, has: it ended {}",
                        f.profile.id(), f.profile.client().shortName(), answer.state());
                result(answer);
            } else if (answer.state() == null) {
                // The node that took it no longer tracks it (its results were removed): nothing to guard.
                followed.remove(f.profile.id());
                port.dropped(f.profile);
            } else {
                f.lastHeard = now;
                f.noRecordFrom = null;
            }
        });
    }

    private void resubmit(Followed f, NodeId owner, long timeout) {
        // Owner and run node are both gone (or this client restarted under a new id): submit it again,
        // naming this client as the client now.
        f.profile = new JobProfile(f.profile.id(), f.profile.spec(), ctx.self(), f.profile.submittedAt(),
                f.profile.attempt() + 1);
        f.lastHeard = ctx.now();
        f.noRecordFrom = null;
        // The new attempt finds an owner of its own, which will report on it and name its run node.
        f.owner = null;
        f.firstReporter = null;
        f.placed = false;
        port.following(f.profile);
        log.info("job {}: nothing heard for {} ms and its owner {} has had no record of it for as long:"
                + " resubmitted (attempt {}); it may have run before", f.profile.id(), timeout,
                owner == null ? "?" : owner.shortName(), f.profile.attempt());
        port.resubmit(f.profile);
    }
}
