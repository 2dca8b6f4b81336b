package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.jobs.message.JobProgress;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobSubmitted;
import io.cangrid.jobs.message.ResubmitJob;
import io.cangrid.jobs.message.SubmitJob;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's side of the life cycle: submits jobs through any node, follows their progress, and
 * resubmits a job (same id, next attempt) through another node when it has heard nothing of it for
 * {@link JobConfig#clientTimeoutMillis()} — the last line of recovery, for when a job's owner and run node
 * both died. It keeps the first final result of each job and ignores duplicates.
 */
public final class JobClient implements NodeProgram {

    private static final Logger log = LoggerFactory.getLogger(JobClient.class);

    /** A submission not yet acknowledged; {@code key} names it on every retry. */
    private record Pending(JobSpec spec, long key, long sentAt) {
    }

    private static final class Tracked {
        JobProfile profile;
        long lastHeard;

        Tracked(JobProfile profile, long lastHeard) {
            this.profile = profile;
            this.lastHeard = lastHeard;
        }
    }

    private final NodeContext ctx;
    private final JobConfig config;
    private final JobEvents events;
    private final Supplier<NodeId> peers;
    private final Map<Long, Pending> pending = new LinkedHashMap<>();
    private final Map<JobId, Tracked> tracked = new LinkedHashMap<>();
    private final Map<JobId, JobState> finished = new HashMap<>();
    /** Results that overtook the receipt of their submission (messages are not ordered). */
    private final Map<JobId, JobResult> early = new HashMap<>();
    private long nextTicket = 1;
    private int refused;

    /** @param peers picks a node to submit through; asked again for every resubmission */
    public JobClient(NodeContext ctx, JobConfig config, JobEvents events, Supplier<NodeId> peers) {
        this.ctx = ctx;
        this.config = config;
        this.events = events;
        this.peers = peers;
    }

    @Override
    public void start() {
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    /** Submits a job through a node the peer supplier picks. */
    public void submit(JobSpec spec) {
        send(nextTicket++, new Pending(spec, ctx.random().nextLong(), ctx.now()));
    }

    private void send(long ticket, Pending submission) {
        pending.put(ticket, submission);
        ctx.send(peers.get(), new SubmitJob(ticket, submission.spec(), submission.key()));
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof JobSubmitted m) {
            submitted(m);
        } else if (message instanceof JobProgress m) {
            for (JobId id : m.ids()) {
                Tracked t = tracked.get(id);
                if (t != null) {
                    t.lastHeard = ctx.now();
                }
            }
        } else if (message instanceof JobResult m) {
            result(m);
        } else {
            log.warn("client {}: ignoring {} from {}", ctx.self(), message.getClass().getSimpleName(), from);
        }
    }

    private void submitted(JobSubmitted m) {
        if (pending.remove(m.ticket()) == null) {
            return; // the second answer to a submission sent again elsewhere: both name the same job
        }
        if (m.profile() == null) {
            refused++;
            log.warn("client {}: job refused: {}", ctx.self(), io.cangrid.overlay.LogText.of(m.refusal()));
            return;
        }
        tracked.put(m.profile().id(), new Tracked(m.profile(), ctx.now()));
        JobResult overtaken = early.remove(m.profile().id());
        if (overtaken != null) {
            result(overtaken);
        }
    }

    private void result(JobResult m) {
        Tracked t = tracked.remove(m.id());
        if (t == null) {
            if (!finished.containsKey(m.id())) {
                early.put(m.id(), m);
            }
            return; // otherwise a duplicate result of a job already finished
        }
        finished.put(m.id(), m.state());
        events.finished(t.profile, m.state(), m.reason(), ctx.now());
    }

    private void tick() {
        long now = ctx.now();
        long timeout = config.clientTimeoutMillis();
        // A copy in insertion order: sending again replaces entries, and the order must be reproducible.
        for (Map.Entry<Long, Pending> e : new java.util.ArrayList<>(pending.entrySet())) {
            if (now - e.getValue().sentAt() > timeout) {
                // The node we submitted through never answered: submit again elsewhere, under the same key,
                // so that if it did accept the job (and only its receipt was lost) the grid still runs one.
                Pending p = e.getValue();
                send(e.getKey(), new Pending(p.spec(), p.key(), now));
            }
        }
        for (Tracked t : tracked.values()) {
            if (now - t.lastHeard > timeout) {
                t.profile = new JobProfile(t.profile.id(), t.profile.spec(), t.profile.client(),
                        t.profile.submittedAt(), t.profile.attempt() + 1);
                t.lastHeard = now;
                ctx.send(peers.get(), new ResubmitJob(t.profile));
            }
        }
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    @Override
    public void leave() {
        ctx.exit();
    }

    /** Jobs submitted and not yet finished (including submissions not yet acknowledged). */
    public int unfinished() {
        return tracked.size() + pending.size();
    }

    public int finishedCount() {
        return finished.size();
    }

    public int refusedCount() {
        return refused;
    }
}
