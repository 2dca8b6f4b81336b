package io.cangrid.jobs;

import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Where the follower runs says how it reaches owners and what a result becomes, through {@link Port}.
 * It runs on its node's thread and takes time only from the node's context.
 */
public final class JobFollower {

    private static final Logger log = LoggerFactory.getLogger(JobFollower.class);

    /** How long an owner's answer to a lookup is waited for. */
    public static final long ASK_TIMEOUT_MILLIS = 3_000;

    /** What a follower needs from where it runs. */
    public interface Port {

        /** Asks the owner of {@code job}'s point; {@code then} gets its answer, or null after the timeout. */
        void ask(JobId job, long timeoutMillis, Consumer<JobStatusReply> then);

        /** Submits {@code next} (the job's next attempt, this client named as its client) to the grid again. */
        void resubmit(JobProfile next);

        /** {@code job} ended as {@code result} says: the first result of a followed job, and the only one. */
        void ended(JobProfile job, JobStatusReply result);

        /** The final result this client kept of {@code job} itself, if any (a live node keeps them on disk). */
        default JobStatusReply kept(JobId job) {
            return null;
        }

        /** {@code job} is followed under this profile now (a live node writes it to disk). */
        default void following(JobProfile job) {
        }
    }

    private static final class Followed {
        JobProfile profile;
        long lastHeard;
        boolean asking;
        /** The owner that last said it has no record of the job, and since when it has said so. */
        NodeId noRecordFrom;
        long noRecordSince;

        Followed(JobProfile profile, long lastHeard) {
            this.profile = profile;
            this.lastHeard = lastHeard;
        }
    }

    private final NodeContext ctx;
    private final JobConfig config;
    private final Port port;
    private final Map<JobId, Followed> followed = new LinkedHashMap<>();

    public JobFollower(NodeContext ctx, JobConfig config, Port port) {
        this.ctx = ctx;
        this.config = config;
        this.port = port;
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

    /** Word of {@code job} (progress from its owner): it is alive. */
    public void heard(JobId job) {
        Followed f = followed.get(job);
        if (f != null) {
            f.lastHeard = ctx.now();
        }
    }

    /**
     * {@code result} arrived for a job: the first one of a followed job ends it (the port hears it); any
     * later one, or one for a job not followed, is ignored. Returns whether it ended a followed job.
     */
    public boolean result(JobStatusReply result) {
        Followed f = followed.remove(result.job());
        if (f == null) {
            return false;
        }
        port.ended(f.profile, result);
        return true;
    }

    /** Looks up every job silent for two heartbeats; the host calls this once a heartbeat. */
    public void tick() {
        long now = ctx.now();
        for (Followed f : List.copyOf(followed.values())) {
            if (!f.asking && now - f.lastHeard > 2 * config.heartbeatMillis()) {
                f.asking = true;
                port.ask(f.profile.id(), ASK_TIMEOUT_MILLIS, reply -> lookedUp(f, reply));
            }
        }
    }

    private void lookedUp(Followed f, JobStatusReply reply) {
        f.asking = false;
        if (followed.get(f.profile.id()) != f || reply == null) {
            return;
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
        if (f.profile.attempt() >= config.maxRuns()) {
            String why = "submitted " + f.profile.attempt() + " times and lost each time: nothing heard of it for "
                    + timeout + " ms and its owner has no record of it";
            log.warn("job {}: {}; it ends FAILED", f.profile.id(), why);
            result(new JobStatusReply(0, f.profile.id(), JobState.FAILED, null, null, why));
            return;
        }
        // Owner and run node are both gone (or this client restarted under a new id): submit it again,
        // naming this client as the client now.
        f.profile = new JobProfile(f.profile.id(), f.profile.spec(), ctx.self(), f.profile.submittedAt(),
                f.profile.attempt() + 1);
        f.lastHeard = ctx.now();
        f.noRecordFrom = null;
        port.following(f.profile);
        log.info("job {}: nothing heard for {} ms and its owner {} has had no record of it for as long:"
                + " resubmitted (attempt {}); it may have run before", f.profile.id(), timeout,
                reply.owner() == null ? "?" : reply.owner().shortName(), f.profile.attempt());
        port.resubmit(f.profile);
    }
}
