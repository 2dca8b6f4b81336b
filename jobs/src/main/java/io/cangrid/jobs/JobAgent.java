package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.HeartbeatAck;
import io.cangrid.jobs.message.Heartbeats;
import io.cangrid.jobs.message.JobAssign;
import io.cangrid.jobs.message.JobDone;
import io.cangrid.jobs.message.JobMessage;
import io.cangrid.jobs.message.JobProgress;
import io.cangrid.jobs.message.JobQueued;
import io.cangrid.jobs.message.JobRefused;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobReturned;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.JobSubmitted;
import io.cangrid.jobs.message.OwnerChanged;
import io.cangrid.jobs.message.OutcomesKept;
import io.cangrid.jobs.message.OwnershipHandoff;
import io.cangrid.jobs.message.StrayOutcomes;
import io.cangrid.jobs.message.ResubmitJob;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.jobs.message.SubmitJob;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Objects;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One node's part in the job life cycle (design.md §6), in its three roles: injection node (accepts
 * a client's job, gives it an id, hands it to the locator), owner ({@link OwnerDesk}) and run node
 * ({@link RunDesk}). The {@link Locator} carries jobs between the roles; this class is what it calls back.
 */
public final class JobAgent {

    private static final Logger log = LoggerFactory.getLogger(JobAgent.class);

    private final NodeContext ctx;
    private final JobIdFactory ids;
    private final ResourceSchema schema;
    private final JobConfig config;
    private final JobEvents events;
    private final OwnerDesk owner = new OwnerDesk(this);
    private final RunDesk runner;
    private final JobSenders senders;
    private Locator locator;
    private OwnerRoute ownerRoute;
    private JobTrail trail = JobTrail.NONE;
    private OutcomeLedger ledger = OutcomeLedger.NONE;
    private OwnerPolicy ownerPolicy;
    private boolean acknowledgeTaken;
    private boolean stopped;
    private boolean started;
    private java.util.function.Consumer<JobStatusReply> ownReplies =
            reply -> log.debug("{}: status of {} is {}", reply.owner(), reply.job(), reply.state());

    public JobAgent(NodeContext ctx, ResourceSchema schema, double cpuSpeed, Execution execution, JobConfig config,
            JobEvents events) {
        this(ctx, schema, cpuSpeed, RunCapacity.oneCore(), execution, config, events);
    }

    public JobAgent(NodeContext ctx, ResourceSchema schema, double cpuSpeed, RunCapacity capacity,
            Execution execution, JobConfig config, JobEvents events) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.ids = new JobIdFactory(schema);
        this.schema = schema;
        this.config = Objects.requireNonNull(config, "config");
        this.events = Objects.requireNonNull(events, "events");
        this.runner = new RunDesk(this, execution, cpuSpeed, Objects.requireNonNull(capacity, "capacity"));
        this.senders = new JobSenders(ctx.self());
    }

    /** What this node refused to take from whom (see {@link JobSenders}). */
    public JobSenders senders() {
        return senders;
    }

    public void setLocator(Locator locator) {
        this.locator = Objects.requireNonNull(locator, "locator");
    }

    /** How this node's jobs reach their owners (the overlay's routing, on a job node). */
    /** How this node reaches owners; one that moves nothing when none was set. */
    OwnerRoute ownerRoute() {
        return ownerRoute != null ? ownerRoute : (job, trace, adopt) -> {
            throw new IllegalStateException("no owner route set");
        };
    }

    public void setOwnerRoute(OwnerRoute route) {
        this.ownerRoute = Objects.requireNonNull(route, "route");
    }

    /**
     * Takes only the jobs whose requirements {@code machine} satisfies and that its {@code Start} accepts,
     * checked as each arrives: a refusal sends the job back to its owner, which matches it again. By default
     * a node takes any job its capabilities meet.
     */
    public void matchWith(MachineAd machine) {
        runner.matchWith(Objects.requireNonNull(machine, "machine"), schema);
    }

    /** Keeps this node's decisions about jobs in {@code trail} (live nodes); by default nothing is kept. */
    public void recordInto(JobTrail trail) {
        this.trail = Objects.requireNonNull(trail, "trail");
    }

    /**
     * Yields to the machine's owner as {@code policy} says (a live desktop node); by default a node runs its
     * jobs whatever its owner does. Set before the node starts.
     */
    public void watchOwner(OwnerPolicy policy) {
        boolean first = ownerPolicy == null;
        this.ownerPolicy = Objects.requireNonNull(policy, "policy");
        if (started && first) {
            // Set after the node started (a simulation sets it once the node exists): look from now on.
            lookAtOwner();
        }
    }

    /**
     * As an owner, tells a job's client at once when it takes the job (a progress report of that one job),
     * rather than at its next periodic report: a live node's gateway answers its client then. Off by default,
     * so the simulation's messages stay as they were.
     */
    public void acknowledgeTakenJobs() {
        this.acknowledgeTaken = true;
    }

    boolean acknowledgesTaken() {
        return acknowledgeTaken;
    }

    /** Keeps the outcomes this node records as an owner in {@code ledger} too (live nodes: on disk). */
    public void keepOutcomesIn(OutcomeLedger ledger) {
        this.ledger = Objects.requireNonNull(ledger, "ledger");
    }

    OutcomeLedger ledger() {
        return ledger;
    }

    /** Where this node keeps its decisions about jobs, for {@code cangrid explain}. */
    public JobTrail trail() {
        return trail;
    }

    /**
     * Records a step of {@code job} taken on this node. {@code detail} is built only when the trail records,
     * so the simulation pays for nothing but the call.
     */
    public void explain(JobId job, String kind, NodeId next, java.util.function.Supplier<String> detail) {
        explain(job, kind, next, null, detail);
    }

    /** As {@link #explain(JobId, String, NodeId, java.util.function.Supplier)}, naming where the job came from. */
    public void explain(JobId job, String kind, NodeId next, NodeId from, java.util.function.Supplier<String> detail) {
        if (trail.recording()) {
            trail.add(job, new ExplainStep(ctx.self(), ctx.now(), kind, detail.get(), next, from));
        }
    }

    /** Starts the periodic duties; the first tick falls at a random phase so nodes do not beat in step. */
    public void start() {
        started = true;
        long period = config.heartbeatMillis();
        ctx.schedule(1 + ctx.random().nextLong(period), this::tick);
        if (ownerPolicy != null) {
            lookAtOwner();
        }
    }

    private void lookAtOwner() {
        if (stopped) {
            return;
        }
        runner.owner(ownerPolicy.presence().busy(ctx.now()), ownerPolicy.maxSuspensionMillis());
        ctx.schedule(ownerPolicy.pollMillis(), this::lookAtOwner);
    }

    private void tick() {
        if (stopped) {
            return;
        }
        owner.tick();
        runner.tick();
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    /** The grid's resource schema, whose space every job id's point lies in. */
    public ResourceSchema schema() {
        return ids.schema();
    }

    public RunQueue queue() {
        return runner.queue();
    }

    /** Jobs this node owns (tracks as owner). */
    public int ownedJobs() {
        return owner.size();
    }

    public void receive(NodeId from, JobMessage message) {
        if (stopped) {
            return;
        }
        if (message instanceof SubmitJob m) {
            submit(from, m);
        } else if (message instanceof ResubmitJob m) {
            resubmit(from, m);
        } else if (message instanceof JobAssign m) {
            runner.assign(from, m);
        } else if (message instanceof JobQueued m) {
            owner.queued(m.id(), from, m.movedFrom(), m.moves());
        } else if (message instanceof Heartbeats m) {
            owner.heartbeats(from, m);
        } else if (message instanceof HeartbeatAck m) {
            runner.ack(from, m);
        } else if (message instanceof OwnerChanged m) {
            runner.ownerChanged(from, m);
        } else if (message instanceof JobDone m) {
            owner.done(m, from);
        } else if (message instanceof JobReturned m) {
            owner.returned(m.profile(), from);
        } else if (message instanceof OwnershipHandoff m) {
            owner.receiveHandoff(from, m);
        } else if (message instanceof OutcomesKept m) {
            owner.kept(m.ids());
            runner.kept(m.ids());
        } else if (message instanceof JobRefused m) {
            owner.refused(m.id(), from, m.reason());
        } else {
            // Progress, results and receipts are for clients; a node receiving one was named by mistake.
            log.warn("{}: {} from {} is addressed to clients, not nodes", self(), message.getClass().getSimpleName(),
                    from);
        }
    }

    /** A client lost track of its job: the new attempt names the client that sends it, and no other. */
    private void resubmit(NodeId from, ResubmitJob m) {
        if (!JobSenders.namesSender(m.profile().client(), from)) {
            senders.refuse(JobSenders.Refusal.SENDER_MISNAMED, from, m.profile().id(),
                    "a resubmission naming " + m.profile().client() + " as the job's client");
            return;
        }
        take(m.profile());
    }

    private void submit(NodeId client, SubmitJob request) {
        try {
            request.spec().checkAgainst(ids.schema());
        } catch (IllegalArgumentException e) {
            send(client, new JobSubmitted(request.ticket(), null, e.getMessage()));
            return;
        }
        JobProfile profile = new JobProfile(ids.idForKey(request.spec(), request.key()), request.spec(), client, now(), 1);
        send(client, new JobSubmitted(request.ticket(), profile, null));
        take(profile);
    }

    /**
     * Accepts a job on behalf of this node acting as its client (a live node's gateway does): gives it its
     * id and hands it to the locator; the job's result and progress come to this node.
     *
     * @throws IllegalArgumentException when the spec does not fit the grid's schema
     */
    public JobProfile inject(JobSpec spec, long key) {
        spec.checkAgainst(ids.schema());
        JobProfile profile = new JobProfile(ids.idForKey(spec, key), spec, ctx.self(), now(), 1);
        take(profile);
        return profile;
    }

    /**
     * The one way a job enters the grid at this node, whatever brought it (a client's submission, a
     * client's resubmission, this node's own gateway): it goes to its owner, or is owned here when the
     * locator owns what it takes.
     */
    public void take(JobProfile profile) {
        events.submitted(profile, now());
        explain(profile.id(), ExplainStep.SUBMITTED, null, () -> (profile.attempt() == 1 ? "took the job from client "
                : "took the job again from client ") + profile.client().shortName() + " (attempt "
                + profile.attempt() + ", needs " + needs(profile.spec().requirements())
                + "); routing it to the owner of its point");
        toOwner(profile, MatchTrace.START, null);
    }

    /** Carries a job to its owner; {@code adopt} names the run node holding a job that lost its owner. */
    void toOwner(JobProfile profile, MatchTrace trace, NodeId adopt) {
        if (adopt == null && locator.ownsJobsItTakes()) {
            becomeOwner(profile, trace);
        } else {
            ownerRoute.toOwner(profile, trace, adopt);
        }
    }

    /** E.g. {@code "cpu >= 1, memory >= 512 MiB"}; {@code "nothing"} when the job constrains no dimension. */
    public String needs(io.cangrid.overlay.resource.Requirements requirements) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < requirements.size() && i < ids.schema().realDimensions(); i++) {
            if (requirements.constrains(i)) {
                var d = ids.schema().dimension(i);
                sb.append(sb.isEmpty() ? "" : ", ").append(d.name()).append(" >= ")
                        .append(java.math.BigDecimal.valueOf(requirements.get(i)).stripTrailingZeros().toPlainString())
                        .append(d.unit() == null || d.unit().isBlank() ? "" : " " + d.unit());
            }
        }
        return sb.isEmpty() ? "nothing" : sb.toString();
    }

    /**
     * Where replies to status queries this node asked and itself answers (as the owner) go; by default they
     * are only logged, as nothing on a simulated node asks.
     */
    public void onOwnStatusReplies(java.util.function.Consumer<JobStatusReply> replies) {
        this.ownReplies = Objects.requireNonNull(replies, "replies");
    }

    // ---- what locators call -------------------------------------------------------------------------

    /** The job reached the node owning its point: this node becomes its owner and starts matchmaking. */
    public void becomeOwner(JobProfile profile, MatchTrace trace) {
        owner.take(profile, trace);
    }

    /** A run node that lost the job's owner re-routed it here: this node becomes the owner. */
    public void adoptOwnership(JobProfile profile, NodeId runNode, MatchTrace trace) {
        owner.adopt(profile, runNode, trace);
    }

    /** Matchmaking chose {@code runNode}: send it the job. */
    public void dispatch(NodeId runNode, JobProfile profile, NodeId jobOwner, MatchTrace trace) {
        explain(profile.id(), ExplainStep.DISPATCHED, runNode, () -> "sent to run node " + runNode.shortName()
                + " after " + trace.routingHops() + " routing and " + trace.matchHops() + " matchmaking hop(s)"
                + (trace.pushed() ? ", pushed" : ""));
        send(runNode, new JobAssign(profile, jobOwner, trace));
    }

    /**
     * Passes a job waiting in this node's queue to {@code to} (a capable node that has become free), and
     * tells the owner through the new run node. Returns false when the job is no longer waiting here.
     */
    public boolean moveWaiting(JobId id, NodeId to) {
        return runner.moveWaiting(id, to);
    }

    /** Matchmaking found no capable node: the client learns why, the owner forgets the job. */
    public void noMatch(JobProfile profile, NodeId jobOwner, String reason, MatchTrace trace) {
        explain(profile.id(), ExplainStep.NO_MATCH, null, () -> "no node meets the job's requirements: " + reason);
        send(profile.client(), new JobResult(profile.id(), JobState.NO_MATCH, reason));
        send(jobOwner, new JobDone(profile.id(), JobState.NO_MATCH, reason));
    }

    // ---- what the hosting node calls ----------------------------------------------------------------

    /** A status query reached this node, the owner of the job's point: answer the asker. */
    public void answerStatus(StatusQuery query) {
        JobStatusReply reply = owner.status(query);
        if (query.asker().equals(ctx.self())) {
            ownReplies.accept(reply);
            return;
        }
        ctx.send(query.asker(), reply);
    }

    /**
     * A cancellation reached this node, the owner of the job's point: end the job and answer the asker
     * (this node itself included: the hosting program takes the reply, as it takes a client's results).
     */
    public void answerCancel(CancelJob request) {
        ctx.send(request.asker(), owner.cancel(request));
    }

    /**
     * Records how a job this node owns the point of ended, when this node never heard it from the run
     * node (its predecessor as owner died as the word came); a job still tracked is left alone.
     */
    public void recordOutcome(JobId id, JobOutcome outcome) {
        owner.record(id, outcome);
    }

    /** The job's client {@code from} says how the job ended (see {@link OwnerDesk#settle}). */
    public void settleOutcome(NodeId from, JobId id, JobOutcome outcome) {
        owner.settle(from, id, outcome);
    }

    /**
     * Whether this node owns {@code id} now: a locator whose search outlives a hand-over asks before it
     * dispatches, since the new owner matches the job itself.
     */
    public boolean owns(JobId id) {
        return owner.owns(id);
    }

    /** Outcomes of ended jobs routed here, to the owner of their points, by a node that no longer owns them. */
    public void outcomesArrived(StrayOutcomes outcomes) {
        owner.receiveStrays(outcomes);
    }

    /** The outcome this owner keeps of an ended job, or null. */
    public JobOutcome outcome(JobId id) {
        return owner.outcome(id);
    }

    /**
     * This node gave space away: the jobs whose points {@code inside} accepts now belong to {@code to}, and
     * the outcomes kept of ended ones go along with them.
     */
    public void handOverOwnership(Predicate<Point> inside, NodeId to) {
        owner.handOver(inside, to);
    }

    /** Leaving gracefully: give back held jobs to their owners (owned jobs go with the zones). */
    public void leave() {
        runner.returnAll();
    }

    /** Stops all duties: the node has left or crashed. */
    public void stop() {
        stopped = true;
    }

    // ---- shared by the roles ------------------------------------------------------------------------

    void send(NodeId to, Message message) {
        if (to.equals(ctx.self()) && (message instanceof JobResult || message instanceof JobProgress)) {
            // This node is the job's client too (a live node's gateway): the hosting program takes these.
            ctx.send(to, message);
        } else if (to.equals(ctx.self())) {
            // Local delivery after the current event, so a role never re-enters itself mid-change.
            ctx.schedule(0, () -> {
                if (!stopped) {
                    receive(to, (JobMessage) message);
                }
            });
        } else {
            ctx.send(to, message);
        }
    }

    void unassignOwned(JobId id) {
        owner.unassign(id);
    }

    long now() {
        return ctx.now();
    }

    NodeId self() {
        return ctx.self();
    }

    JobConfig config() {
        return config;
    }

    JobEvents events() {
        return events;
    }

    Locator locator() {
        if (locator == null) {
            throw new IllegalStateException("no locator set on " + self());
        }
        return locator;
    }
}
