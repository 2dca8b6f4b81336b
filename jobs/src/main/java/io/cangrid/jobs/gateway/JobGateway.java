package io.cangrid.jobs.gateway;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.overlay.LogText;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Timer;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobFollower;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobSenders;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.message.JobProgress;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.StatusQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live node's door for clients. It takes a client's job and becomes the job's client on the grid: it
 * keeps the job on disk until it ends, follows it with the {@link JobFollower} every runtime's client uses,
 * and stores its result. It answers for any job, its own or not, by asking the job's owner
 * (the id encodes the point), falling back on the results it stored itself, and carries cancellations to
 * the job's owner likewise. It lists the jobs it took, newest first, and tells the steps its node kept of
 * any job (for {@code cangrid explain}). Everything else goes to the program it
 * wraps. Runs on the node's thread.
 */
public final class JobGateway implements NodeProgram {

    private static final Logger log = LoggerFactory.getLogger(JobGateway.class);

    /**
     * How long a submission waits for its owner's word before asking the owner, how often it asks again,
     * and how long it waits at most.
     */
    static final long ACK_WAIT_MILLIS = 500;
    static final long SUBMIT_POLL_MILLIS = 50;
    static final long SUBMIT_WAIT_MILLIS = 10_000;
    /** How long an answer from a job's owner is waited for. */
    static final long ASK_TIMEOUT_MILLIS = JobFollower.ASK_TIMEOUT_MILLIS;
    static final long EXPIRY_PERIOD_MILLIS = 3600_000;
    /**
     * For this long after a job it follows ended, the gateway checks now and then (every
     * {@link #OUTCOME_CHECK_PERIODS} heartbeats) that the owner of the job's point still knows the outcome,
     * and gives it to a new owner that does not: an owner lost after the job ended takes the outcome with
     * it, and without this only this node could answer for the job.
     */
    static final long OUTCOME_WATCH_MILLIS = 3600_000;
    static final int OUTCOME_CHECK_PERIODS = 5;
    static final int OUTCOME_WATCH_LIMIT = 1024;
    /** How many taken jobs are kept for listing (the oldest go first), and how many one answer lists. */
    static final int MAX_TAKEN = 10_000;
    public static final int MAX_LISTED = 1_000;

    /** A question to the node that took a job (see {@link GridFollowCheck}): only it may answer. */
    private record ClientCheck(NodeId client, JobId job) {
    }

    /** How many times, evenly spread over its time, a lookup at a job's owner is sent while unanswered. */
    static final int LOOKUP_SENDS = 3;

    private record Ask(JobId job, Consumer<JobStatusReply> then, Timer timeout) {
    }

    private record CancelAsk(NodeId client, long clientTicket, Timer timeout) {
    }

    /** A job taken for a client, waiting for its owner's word. */
    private record Awaiting(JobProfile profile, long since, List<Consumer<JobId>> then) {
    }

    private final NodeContext ctx;
    private final JobNode<?> node;
    private final NodeProgram inner;
    private final JobStore store;
    private final JobConfig config;
    private final long resultRetentionMillis;
    private final JobFollower follower;
    private final Map<Long, Ask> asks = new HashMap<>();
    private final Map<Long, ClientCheck> clientChecks = new HashMap<>();
    /** Jobs followed here that ended, oldest first, with when they ended (see OUTCOME_WATCH_MILLIS). */
    private final LinkedHashMap<JobId, Watched> recentlyEnded = new LinkedHashMap<>();

    /** A job whose owner is watched for its outcome: {@code ours} when this node is the job's client. */
    private record Watched(long at, boolean ours) {
    }
    private int ticks;
    private final Map<Long, CancelAsk> cancels = new HashMap<>();
    private final Map<JobId, Awaiting> awaiting = new HashMap<>();
    /** The jobs this node took, oldest submission first. */
    private final Map<JobId, TakenJob> taken = new LinkedHashMap<>();
    private GatewayFiles files = GatewayFiles.NONE;

    /**
     * @param node  the job node whose agent takes the jobs and whose overlay carries queries
     * @param inner the program to pass everything else to (the job node, or a wrapper of it)
     */
    public JobGateway(NodeContext ctx, JobNode<?> node, NodeProgram inner, JobStore store, JobConfig config,
            long resultRetentionMillis) {
        this.ctx = ctx;
        this.node = node;
        this.inner = inner;
        this.store = store;
        this.config = config;
        this.resultRetentionMillis = resultRetentionMillis;
        this.follower = new JobFollower(ctx, config, new JobFollower.Port() {
            @Override
            public void ask(JobId job, long timeoutMillis, Consumer<JobStatusReply> then) {
                JobGateway.this.ask(job, timeoutMillis, then);
            }

            @Override
            public void resubmit(JobProfile next) {
                node.agent().take(next);
            }

            @Override
            public void ended(JobProfile job, JobStatusReply result) {
                JobGateway.this.ended(result, ctx.self().equals(job.client()));
            }

            @Override
            public JobStatusReply kept(JobId job) {
                return store.result(job);
            }

            @Override
            public void following(JobProfile job) {
                store.savePending(job);
            }

            @Override
            public void askClient(JobProfile job, long timeoutMillis, Consumer<JobStatusReply> then) {
                long ticket = newTicket();
                Timer timeout = ctx.schedule(timeoutMillis, () -> {
                    clientChecks.remove(ticket);
                    Ask a = asks.remove(ticket);
                    if (a != null) {
                        a.then.accept(null);
                    }
                });
                asks.put(ticket, new Ask(job.id(), then, timeout));
                clientChecks.put(ticket, new ClientCheck(job.client(), job.id()));
                ctx.send(job.client(), new GridFollowCheck(ticket, job.id()));
            }

            @Override
            public void dropped(JobProfile job) {
                store.removePending(job.id());
                files.release(job.id());
            }
        }, node.agent().senders());
    }

    /** Large files: kept, served and fetched by {@code files} (a live node's); without it, jobs with them are refused. */
    public void useFiles(GatewayFiles files) {
        this.files = files;
    }

    @Override
    public void start() {
        inner.start();
        node.agent().onOwnStatusReplies(this::answered);
        int known = 0;
        for (JobProfile p : store.pending()) {
            JobStatusReply result = store.result(p.id());
            if (result != null && result.state() != null && result.state().isTerminal()) {
                // It ended while this node was down, and this node kept how (as its owner): it ends once.
                store.removePending(p.id());
                known++;
                continue;
            }
            if (p.client().equals(ctx.self())) {
                files.keepAgain(p);
            } else {
                // Followed for another node: the copy goes on from the chunks already here.
                files.copyInputs(p);
            }
            // Heard of long ago: the first tick looks each one up at its owner.
            follower.follow(p, 0);
        }
        if (follower.size() > 0 || known > 0) {
            log.info("{} job(s) taken before a restart are followed again; {} had ended, as this node kept",
                    follower.size(), known);
        }
        List<TakenJob> stored = new ArrayList<>(store.taken());
        stored.sort(Comparator.comparingLong(TakenJob::submittedAt));
        stored.forEach(t -> taken.put(t.job(), t));
        expire();
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (files.receive(from, message)) {
            return;
        }
        if (message instanceof ClientRequest request && answeredForAnotherSpace(from, request)) {
            return;
        }
        if (message instanceof GridSubmit m) {
            submit(from, m);
        } else if (message instanceof GridSubmitBatch m) {
            submitBatch(from, m);
        } else if (message instanceof GridStatus m) {
            status(from, m);
        } else if (message instanceof GridCancel m) {
            cancel(from, m);
        } else if (message instanceof CancelReply m) {
            cancelAnswered(m);
        } else if (message instanceof GridExplain m) {
            ctx.send(from, new GridExplained(m.ticket(), m.job(), ctx.self(),
                    node.agent().trail().steps(m.job()).toArray(ExplainStep[]::new)));
        } else if (message instanceof GridJobs m) {
            list(from, m);
        } else if (message instanceof GridRemove m) {
            ctx.send(from, new GridRemoved(m.ticket(), store.removeResult(m.job())));
        } else if (message instanceof GridOutcome m) {
            JobStatusReply r = m.result();
            node.agent().settleOutcome(from, r.job(), new io.cangrid.jobs.JobOutcome(r.state(), r.reason(),
                    r.runNode(), ctx.now(), r.output(), r.waitMillis()));
        } else if (message instanceof GridFollow m) {
            followFor(from, m.profile());
        } else if (message instanceof GridFollowCheck m) {
            answerFollowCheck(from, m);
        } else if (message instanceof JobResult m) {
            ended(from, m);
        } else if (message instanceof JobProgress m) {
            int n = Math.min(m.ids().length, m.states().length);
            for (int i = 0; i < n; i++) {
                JobId id = m.ids()[i];
                NodeId runNode = m.runNodes() == null || i >= m.runNodes().length ? null : m.runNodes()[i];
                follower.progress(from, id, m.states()[i], runNode);
                if (awaiting.containsKey(id)) {
                    // The owner's word, pushed as it took the job (or its first periodic report).
                    acknowledged(id, from.equals(ctx.self()));
                }
                // Only in memory: the state of a running job is worth no disk write per heartbeat.
                JobState heard = m.states()[i];
                taken.computeIfPresent(id, (k, t) -> t.state().isTerminal() ? t : t.withState(heard, null));
            }
        } else if (message instanceof JobStatusReply m) {
            statusAnswered(from, m);
        } else {
            inner.receive(from, message);
        }
    }

    @Override
    public void leave() {
        inner.leave();
        // What this node took and learned is on disk before it goes: a restart takes it up from there.
        store.flush();
    }

    /** The job node this gateway is the door of. */
    public JobNode<?> node() {
        return node;
    }

    /** Jobs this node took and has not seen end. */
    public int pendingJobs() {
        return follower.size();
    }

    // ---- submissions ---------------------------------------------------------------------------------
    // A job's Owner is the user the client's credential names, as the runtime authenticated the connection
    // the submission came on: whatever Owner the client put in the job is replaced, so no one submits as
    // someone else, and a machine's --accept can refuse a user.

    private void submit(NodeId client, GridSubmit m) {
        JobProfile profile;
        try {
            profile = take(m.spec().ownedBy(ctx.userOf(client)), m.key());
        } catch (IllegalArgumentException e) {
            ctx.send(client, new GridSubmitted(m.ticket(), null, e.getMessage()));
            return;
        }
        awaitOwner(profile, id -> ctx.send(client, new GridSubmitted(m.ticket(), id, null)));
    }

    /** Takes many jobs; answers once, when the owner of every job taken holds it. */
    private void submitBatch(NodeId client, GridSubmitBatch m) {
        if (m.specs() == null || m.keys() == null || m.specs().length != m.keys().length
                || m.specs().length > GridSubmitBatch.MAX_JOBS) {
            ctx.send(client, new GridSubmittedBatch(m.ticket(), null, null, "a batch gives one key per job and at most "
                    + GridSubmitBatch.MAX_JOBS + " jobs"));
            return;
        }
        int n = m.specs().length;
        JobId[] ids = new JobId[n];
        String[] refusals = new String[n];
        List<JobProfile> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            try {
                JobProfile p = take(m.specs()[i].ownedBy(ctx.userOf(client)), m.keys()[i]);
                ids[i] = p.id();
                taken.add(p);
            } catch (IllegalArgumentException | NullPointerException e) {
                refusals[i] = e.getMessage();
            }
        }
        int[] left = {taken.size()};
        Runnable answer = () -> ctx.send(client, new GridSubmittedBatch(m.ticket(), ids, refusals, null));
        if (taken.isEmpty()) {
            answer.run();
        }
        for (JobProfile p : taken) {
            awaitOwner(p, id -> {
                if (--left[0] == 0) {
                    answer.run();
                }
            });
        }
    }

    /**
     * Takes a client's job: refused (with the reason) when its large inputs are not all here or its spec does
     * not fit this grid, else injected, followed and listed.
     */
    private JobProfile take(JobSpec spec, long key) {
        String lacking = files.lacking(spec);
        if (lacking != null) {
            throw new IllegalArgumentException(lacking);
        }
        JobProfile profile = node.agent().inject(spec, key);
        files.keepAgain(profile);
        follow(profile);
        if (!taken.containsKey(profile.id())) {
            remember(new TakenJob(profile.id(), profile.spec().name(), profile.submittedAt(), JobState.SUBMITTED,
                    null));
        }
        return profile;
    }

    private void remember(TakenJob job) {
        taken.put(job.job(), job);
        store.saveTaken(job);
        while (taken.size() > MAX_TAKEN) {
            JobId oldest = taken.keySet().iterator().next();
            taken.remove(oldest);
            store.removeTaken(oldest);
        }
    }

    private void follow(JobProfile profile) {
        follower.follow(profile);
    }

    /**
     * A neighbour that took a job asks this node to follow it too. Its large inputs are copied here from
     * that node alone, and only when that node asks: a member cannot make this one fetch files in another's
     * name.
     */
    private void followFor(NodeId from, JobProfile profile) {
        if (from.equals(profile.client()) && !follower.follows(profile.id())) {
            files.copyInputs(profile);
        }
        follow(profile);
    }

    /** This node took the job and owns it too: a neighbour follows it as well, lest it die with this node. */
    private void shareWithNeighbour(JobProfile profile) {
        var neighbours = node.overlay().neighbours();
        if (!neighbours.isEmpty()) {
            ctx.send(neighbours.get(ctx.random().nextInt(neighbours.size())).id(), new GridFollow(profile));
        }
    }

    /**
     * Calls {@code then} once the job's owner holds it, or after a bounded wait (the job is safe here). The
     * owner says so itself when it takes the job ({@link io.cangrid.jobs.JobAgent#acknowledgeTakenJobs}); a
     * word that does not come soon is asked for, through the overlay, until it does.
     */
    private void awaitOwner(JobProfile profile, Consumer<JobId> then) {
        Awaiting a = awaiting.get(profile.id());
        if (a != null) {
            a.then().add(then);
            return;
        }
        awaiting.put(profile.id(), new Awaiting(profile, ctx.now(), new ArrayList<>(List.of(then))));
        ctx.schedule(ACK_WAIT_MILLIS, () -> pollOwner(profile.id()));
    }

    private void pollOwner(JobId job) {
        Awaiting a = awaiting.get(job);
        if (a == null) {
            return;
        }
        ask(job, SUBMIT_POLL_MILLIS * 4, reply -> {
            boolean held = reply != null && reply.state() != null;
            if (held) {
                // The overlay routed the question to the job's owner: its word says who speaks for the job.
                follower.ownerAnswered(reply);
            }
            if (held || ctx.now() - a.since() > SUBMIT_WAIT_MILLIS) {
                acknowledged(job, held && ctx.self().equals(reply.owner()));
            } else {
                ctx.schedule(SUBMIT_POLL_MILLIS, () -> pollOwner(job));
            }
        });
    }

    /** The job's owner holds it: whoever waits for that hears it. */
    private void acknowledged(JobId job, boolean ownedHere) {
        Awaiting a = awaiting.remove(job);
        if (a == null) {
            return;
        }
        if (ownedHere) {
            shareWithNeighbour(a.profile());
        }
        a.then().forEach(c -> c.accept(job));
    }

    // ---- following jobs ------------------------------------------------------------------------------

    /**
     * A result from {@code from}: the follower takes it from a node that speaks for the job (or checks it
     * with the job's owner first). Nothing is kept of a job this node does not follow: a second result of one
     * that ended here changes nothing, and any other was not this node's to hear.
     */
    private void ended(NodeId from, JobResult m) {
        // A result with output comes from the run node; one without (refused everywhere, no match) from the owner.
        NodeId ranOn = m.output() != null ? from : null;
        JobStatusReply result = new JobStatusReply(0, m.id(), m.state(), null, ranOn, m.reason(), m.output(),
                m.waitMillis());
        if (follower.follows(m.id())) {
            follower.result(from, result);
        } else if (!recentlyEnded.containsKey(m.id())) {
            node.agent().senders().refuse(JobSenders.Refusal.RESULT_NOT_FOLLOWED, from, m.id(),
                    null);
        }
    }

    /**
     * Makes sure the job's owner knows how it ended (see {@link GridOutcome}); a few tries at most. A
     * neighbour that followed the job for its client ({@code ours} false) tells only an owner with no record:
     * an owner still tracking the job takes its end from the client alone, but one with no record (the owner
     * and the client both lost, say with one node) takes it from anyone, and no one else may be left to tell.
     */
    private void ownerShouldKnow(JobStatusReply result, boolean ours, int tries) {
        ask(result.job(), ASK_TIMEOUT_MILLIS, reply -> {
            if (reply == null && tries > 1) {
                ctx.schedule(config.heartbeatMillis(), () -> ownerShouldKnow(result, ours, tries - 1));
            } else if (reply != null && reply.owner() != null
                    && (reply.state() == null || (ours && !reply.state().isTerminal()))) {
                // No record, or one of a job still under way: an owner that took the job over before the
                // run node's word reached it would otherwise think the run lost and run the job again.
                ctx.send(reply.owner(), new GridOutcome(result));
            }
        });
    }

    /** A followed job ended (the follower's first result of it). */
    private void ended(JobStatusReply result, boolean ours) {
        recordResult(result);
        files.release(result.job());
        files.pull(result.job(), result.output(), result.runNode());
        // Watched so that its owner learns the outcome (see ownerShouldKnow).
        recentlyEnded.put(result.job(), new Watched(ctx.now(), ours));
        ctx.schedule(2 * config.heartbeatMillis(), () -> ownerShouldKnow(result, ours, 3));
        if (recentlyEnded.size() > OUTCOME_WATCH_LIMIT) {
            recentlyEnded.remove(recentlyEnded.keySet().iterator().next());
        }
        store.removePending(result.job());
        log.info("job {} ended {}{}", result.job(), result.state(), result.reason() == null ? ""
                : ": " + LogText.of(result.reason()));
    }

    private void recordResult(JobStatusReply result) {
        store.saveResult(result);
        TakenJob t = taken.get(result.job());
        if (t != null && !t.state().isTerminal()) {
            remember(t.withState(result.state(), result.output() == null ? null : result.output().exitCode()));
        }
    }

    private void tick() {
        long now = ctx.now();
        follower.tick();
        if (++ticks % OUTCOME_CHECK_PERIODS == 0) {
            checkOwnersKnowOutcomes(now);
        }
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    private void checkOwnersKnowOutcomes(long now) {
        var it = recentlyEnded.entrySet().iterator();
        while (it.hasNext()) {
            var e = it.next();
            JobStatusReply result = now - e.getValue().at() > OUTCOME_WATCH_MILLIS ? null : store.result(e.getKey());
            if (result == null) {
                it.remove(); // too old, or removed with `results --remove`
            } else {
                ownerShouldKnow(result, e.getValue().ours(), 1);
            }
        }
    }

    private void expire() {
        long oldest = ctx.now() - resultRetentionMillis;
        for (TakenJob t : List.copyOf(taken.values())) {
            if (t.state().isTerminal() && t.submittedAt() < oldest) {
                taken.remove(t.job());
                store.removeTaken(t.job());
            }
        }
        int n = store.expireResults(oldest);
        if (n > 0) {
            log.info("removed {} result(s) older than {} h", n, resultRetentionMillis / 3600_000);
        }
        ctx.schedule(EXPIRY_PERIOD_MILLIS, this::expire);
    }

    // ---- answering for any job -----------------------------------------------------------------------

    /**
     * A client's question about a job whose id is not a point of this grid's space (an id of another grid,
     * or of a build whose space had other dimensions) gets an answer saying so, not silence: the id could
     * not be routed to any owner.
     */
    private boolean answeredForAnotherSpace(NodeId client, ClientRequest request) {
        JobId job = request instanceof GridStatus m ? m.job() : request instanceof GridCancel m ? m.job()
                : request instanceof GridExplain m ? m.job() : request instanceof GridRemove m ? m.job() : null;
        int dimensions = node.agent().schema().spaceDimensions();
        if (job == null || job.point().dimensions() == dimensions) {
            return false;
        }
        String why = "job id " + job + " has " + job.point().dimensions() + " coordinates but this grid's space has "
                + dimensions + " (" + node.agent().schema().dimensions().size() + " resources and the virtual axis):"
                + " an id of another grid or of an older build; give an id this grid printed";
        log.debug("{}: {}", client, why);
        if (request instanceof GridStatus m) {
            ctx.send(client, new JobStatusReply(m.ticket(), job, null, null, null, why));
        } else if (request instanceof GridCancel m) {
            ctx.send(client, new CancelReply(m.ticket(), job, false, null, null, why));
        } else if (request instanceof GridExplain m) {
            ctx.send(client, new GridExplained(m.ticket(), job, ctx.self(), new ExplainStep[0]));
        } else if (request instanceof GridRemove m) {
            ctx.send(client, new GridRemoved(m.ticket(), false));
        }
        return true;
    }

    private void status(NodeId client, GridStatus m) {
        ask(m.job(), ASK_TIMEOUT_MILLIS, reply -> {
            JobStatusReply best = reply;
            if (reply == null || reply.state() == null || (reply.state().isTerminal() && reply.output() == null)) {
                JobStatusReply stored = store.result(m.job());
                // The owner's word stands unless it has none, or this node kept output the owner lacks.
                if (stored != null && (reply == null || reply.state() == null || stored.output() != null)) {
                    best = stored;
                }
            }
            if ((best == null || best.state() == null) && follower.follows(m.job())) {
                // The point's owner has not heard of a job this node took (it took the point over from an
                // owner that died or was shut out): the follower submits it again, so it is on its way, not
                // unknown.
                ctx.send(client, new JobStatusReply(m.ticket(), m.job(), JobState.ROUTING,
                        reply == null ? null : reply.owner(), null, "the owner of its point has no record of it"
                        + " yet; this node follows it and submits it again", null, 0,
                        reply == null ? 0 : reply.runs()));
            } else if (best != null) {
                ctx.send(client, new JobStatusReply(m.ticket(), best.job(), best.state(), best.owner(),
                        best.runNode(), best.reason(), best.output(), best.waitMillis(),
                        Math.max(best.runs(), reply == null ? 0 : reply.runs()), best.held()));
            } else {
                // Said rather than left to the client's timeout, which would end a whole `results` of a cluster.
                ctx.send(client, new JobStatusReply(m.ticket(), m.job(), null, null, null, "the owner of the job's"
                        + " point did not answer within " + ASK_TIMEOUT_MILLIS + " ms, and this node keeps no result"
                        + " of it; try again"));
            }
        });
    }

    /**
     * A neighbour following a job this node took asks how it stands: by the result kept here, else whether
     * this node still follows it. Said as this node's own record, naming no owner.
     */
    private void answerFollowCheck(NodeId from, GridFollowCheck m) {
        JobStatusReply kept = store.result(m.job());
        if (kept != null && kept.state() != null && kept.state().isTerminal()) {
            ctx.send(from, new JobStatusReply(m.ticket(), m.job(), kept.state(), null, kept.runNode(), kept.reason(),
                    kept.output(), kept.waitMillis()));
        } else {
            ctx.send(from, new JobStatusReply(m.ticket(), m.job(), follower.follows(m.job()) ? JobState.SUBMITTED
                    : null, null, null, null));
        }
    }

    /** Carries a client's cancellation to the job's owner; the owner's answer goes back to the client. */
    private void cancel(NodeId client, GridCancel m) {
        long ticket = newTicket();
        Timer timeout = ctx.schedule(ASK_TIMEOUT_MILLIS, () -> {
            CancelAsk a = cancels.remove(ticket);
            if (a != null) {
                ctx.send(a.client(), new CancelReply(a.clientTicket(), m.job(), false, null, null,
                        "the job's owner did not answer within " + ASK_TIMEOUT_MILLIS + " ms; try again"));
            }
        });
        cancels.put(ticket, new CancelAsk(client, m.ticket(), timeout));
        node.overlay().routeToOwner(m.job().point(), new CancelJob(ticket, m.job(), ctx.self()));
    }

    private void cancelAnswered(CancelReply reply) {
        CancelAsk a = cancels.remove(reply.ticket());
        if (a != null) {
            a.timeout().cancel();
            ctx.send(a.client(), new CancelReply(a.clientTicket(), reply.job(), reply.cancelled(), reply.state(),
                    reply.owner(), reply.reason()));
        }
    }

    private void list(NodeId client, GridJobs m) {
        int limit = Math.max(0, Math.min(m.limit(), MAX_LISTED));
        List<TakenJob> all = List.copyOf(taken.values());
        TakenJob[] newest = new TakenJob[Math.min(limit, all.size())];
        for (int i = 0; i < newest.length; i++) {
            newest[i] = all.get(all.size() - 1 - i);
        }
        ctx.send(client, new GridJobList(m.ticket(), newest, all.size()));
    }

    /** Asks the owner of {@code id}'s point; {@code then} gets its answer, or null after {@code timeoutMillis}. */
    private void ask(JobId id, long timeoutMillis, Consumer<JobStatusReply> then) {
        long ticket = newTicket();
        Timer timeout = ctx.schedule(timeoutMillis, () -> {
            Ask a = asks.remove(ticket);
            if (a != null) {
                a.then.accept(null);
            }
        });
        asks.put(ticket, new Ask(id, then, timeout));
        StatusQuery query = new StatusQuery(ticket, id, ctx.self());
        node.overlay().routeToOwner(id.point(), query);
        // A route of several hops, and the answer, may be lost: the question goes again, under the same
        // ticket, twice within the time allowed, so that one lost message does not leave it unanswered.
        for (int again = 1; again < LOOKUP_SENDS; again++) {
            ctx.schedule(again * timeoutMillis / LOOKUP_SENDS, () -> {
                if (asks.containsKey(ticket)) {
                    node.overlay().routeToOwner(id.point(), query);
                }
            });
        }
    }

    /**
     * A ticket for a question whose answer comes back by it. Drawn at random: an answer is taken by its
     * ticket, and counted tickets would let any member answer questions it was never asked (that a job
     * ended, say) by guessing them.
     */
    private long newTicket() {
        long t;
        do {
            t = ctx.random().nextLong();
        } while (t == 0 || asks.containsKey(t) || cancels.containsKey(t));
        return t;
    }

    /**
     * An answer to one of our questions about a job, taken only from the node it was asked of: for a check
     * with the node that took the job, that node; for a lookup, a node that names itself the job's owner (an
     * answer naming another would vouch for nodes it cannot).
     */
    private void statusAnswered(NodeId from, JobStatusReply m) {
        ClientCheck check = clientChecks.get(m.ticket());
        String wrong = check != null
                ? check.client().equals(from) ? null : "an answer meant to come from " + check.client()
                        + ", which took the job"
                : m.owner() != null && m.owner().equals(from) ? null : "a status answer naming " + m.owner()
                        + " as the owner";
        if (wrong != null) {
            node.agent().senders().refuse(JobSenders.Refusal.SENDER_MISNAMED, from, m.job(), wrong);
        } else if (answered(m) && check != null) {
            clientChecks.remove(m.ticket());
        }
    }

    /** Hands an answer to whoever asked, if it is about the job asked about. */
    private boolean answered(JobStatusReply reply) {
        Ask a = asks.get(reply.ticket());
        if (a == null || !a.job().equals(reply.job())) {
            return false;
        }
        asks.remove(reply.ticket());
        a.timeout.cancel();
        a.then.accept(reply);
        return true;
    }
}
