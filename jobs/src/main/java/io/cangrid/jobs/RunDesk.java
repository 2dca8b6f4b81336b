package io.cangrid.jobs;

import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.HeartbeatAck;
import io.cangrid.jobs.message.Heartbeats;
import io.cangrid.jobs.message.JobAssign;
import io.cangrid.jobs.message.JobDone;
import io.cangrid.jobs.message.JobQueued;
import io.cangrid.jobs.message.JobRefused;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobReturned;
import io.cangrid.jobs.message.OwnerChanged;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run node's side of the life cycle: a queue that runs as many jobs at once as fit in the node's cores
 * and memory ({@link RunQueue}), heartbeats to each job's owner,
 * and recovery of the owner: when an owner stops acknowledging, the run node re-routes the jobs' profiles
 * to their points and whoever owns those points now adopts them.
 */
final class RunDesk {

    private final JobAgent agent;
    private final RunQueue queue;
    private final Execution execution;
    private final Map<NodeId, Long> ownerLastAck = new HashMap<>();
    private final Map<JobId, Execution.Run> runs = new HashMap<>();
    /**
     * How runs that ended here ended, until their owner says it keeps the outcome: an owner lost with the job's
     * client (one node, killed) takes the only other record with it, and the run node is the last to know.
     */
    private final UnconfirmedOutcomes unconfirmed = new UnconfirmedOutcomes(UNCONFIRMED_SENDS);
    /** How many times an outcome no owner confirmed is routed to its point's owner before it is given up. */
    static final int UNCONFIRMED_SENDS = 8;
    /** When the machine's owner became active (the node's clock), -1 while they are not. */
    private long ownerActiveSince = -1;
    /** Why the machine became its owner's then ("owner active"), null while it is not. */
    private String ownerBusy;

    RunDesk(JobAgent agent, Execution execution, double cpuSpeed, RunCapacity capacity) {
        this.agent = agent;
        this.execution = execution;
        this.queue = new RunQueue(cpuSpeed, execution.runsCommands(), capacity.cores(), capacity.memoryMiB(),
                capacity.memoryDemand());
    }

    /** This machine's ad and its owner's acceptance of jobs, checked as each job arrives (null: capabilities only). */
    private MachineAd machine;
    private ResourceSchema schema;

    void matchWith(MachineAd machineAd, ResourceSchema resourceSchema) {
        this.machine = machineAd;
        this.schema = resourceSchema;
        queue.describe(machineAd);
    }

    RunQueue queue() {
        return queue;
    }

    void assign(NodeId from, JobAssign assign) {
        JobProfile profile = assign.profile();
        if (!JobSenders.namesSender(assign.movedFrom(), from)) {
            // Only the run node holding a waiting job passes it on, and it names itself.
            agent.senders().refuse(JobSenders.Refusal.SENDER_MISNAMED, from, profile.id(),
                    "JobAssign names " + assign.movedFrom() + " as the run node passing it on");
            return;
        }
        if (queue.holds(profile.id())) {
            agent.send(assign.owner(), new JobQueued(profile.id(), assign.movedFrom(), assign.moves()));
            return;
        }
        String refusal = refusal(profile);
        if (refusal != null) {
            agent.explain(profile.id(), ExplainStep.PLACEMENT, assign.owner(), () -> "refused to run it: " + refusal);
            agent.send(assign.owner(), new JobRefused(profile.id(), refusal));
            return;
        }
        int ahead = queue.length();
        HeldJob held = new HeldJob(profile, assign.owner(), assign.trace(), assign.moves());
        held.preference = machine == null ? 0 : machine.preference(profile.spec(), schema, agent.now());
        queue.add(held);
        ownerLastAck.putIfAbsent(assign.owner(), agent.now());
        agent.events().assigned(profile, agent.self(), assign.trace(), ahead, agent.now());
        agent.explain(profile.id(), ExplainStep.PLACEMENT, null, () -> ahead == 0 ? "queued here, nothing ahead"
                : "queued here behind " + ahead + " job(s), about " + Math.round(queue.backlogSeconds(agent.now()))
                        + " s of work in all" + (assign.movedFrom() == null ? "" : " (moved from "
                        + assign.movedFrom().shortName() + ")"));
        agent.send(assign.owner(), new JobQueued(profile.id(), assign.movedFrom(), assign.moves()));
        startNext();
    }

    /** Why this node does not take {@code profile}, or null: its cores, its machine's ad, its execution policy. */
    private String refusal(JobProfile profile) {
        if (profile.spec().cores() > queue.cores()) {
            return "it takes " + profile.spec().cores() + " cores and this node lends " + queue.cores();
        }
        String mismatch = machine == null ? null : machine.refusal(profile.spec(), schema, agent.now());
        return mismatch != null ? mismatch : execution.refusal(profile);
    }

    boolean moveWaiting(JobId id, NodeId to) {
        HeldJob job = queue.get(id);
        if (job == null || queue.isRunning(id)) {
            return false;
        }
        queue.remove(id);
        agent.explain(id, ExplainStep.PLACEMENT, to, () -> "moved on while waiting: " + to.shortName()
                + " became free and can run it");
        agent.send(to, new JobAssign(job.profile, job.owner, job.trace.forwarded(), agent.self(), job.moves + 1));
        return true;
    }

    private void startNext() {
        if (ownerActiveSince >= 0) {
            return; // the machine's owner comes first
        }
        for (HeldJob next : queue.startAll(agent.now())) {
            agent.events().started(next.profile, agent.self(), next.startedAt);
            int cores = next.profile.spec().cores();
            agent.explain(next.id(), ExplainStep.PLACEMENT, null, () -> "started here after waiting "
                    + Math.max(0, next.startedAt - next.profile.submittedAt()) + " ms since submission"
                    + (queue.cores() == 1 ? "" : " on " + cores + " of " + queue.cores() + " cores ("
                    + queue.freeCores() + " free now)"));
            runs.put(next.id(), execution.start(next.profile, ended -> finished(next, ended)));
        }
    }

    private void finished(HeldJob job, Execution.Ended ended) {
        if (!queue.isRunning(job.id())) {
            return; // aborted meanwhile
        }
        queue.remove(job.id());
        runs.remove(job.id());
        long now = agent.now();
        agent.events().runEnded(job.profile, agent.self(), now);
        JobState state = ended.error() == null ? JobState.COMPLETED : JobState.FAILED;
        agent.explain(job.id(), ExplainStep.PLACEMENT, null, () -> "run ended " + state
                + (ended.error() == null ? "" : ": " + ended.error()));
        // Against the submission time the job carries: another node's clock, so skew between them shows here.
        long waited = Math.max(0, job.startedAt - job.profile.submittedAt());
        agent.send(job.profile.client(), new JobResult(job.id(), state, ended.error(), ended.output(), waited));
        agent.send(job.owner, new JobDone(job.id(), state, ended.error(), ended.output(), waited));
        unconfirmed.add(job.id(), new JobOutcome(state, ended.error(), agent.self(), now, ended.output(), waited, 1),
                now + agent.config().deadAfterMillis(), 0);
        startNext();
    }

    /**
     * {@code from} says the listed jobs' heartbeats go to {@code changed.owner()} (null: to {@code from}).
     * Taken only from a job's current owner (handing it over) or, for a job this node re-routed, from the
     * node that adopted it; a job this node no longer holds is passed over (it ended meanwhile).
     */
    void ownerChanged(NodeId from, OwnerChanged changed) {
        NodeId newOwner = changed.owner() == null ? from : changed.owner();
        boolean refused = false;
        for (JobId id : changed.ids()) {
            HeldJob job = queue.get(id);
            if (job == null) {
                continue;
            }
            if (!JobSenders.mayChangeOwner(job.owner, job.rerouted, from, newOwner)) {
                agent.senders().refuse(JobSenders.Refusal.OWNER_NOT_HANDED_OVER, from, id,
                        "the job's owner here is " + job.owner + ", which named no successor");
                job.heldFrom = from;
                job.heldOwner = newOwner;
                refused = true;
                continue;
            }
            job.owner = newOwner;
            job.rerouted = false;
            if (newOwner.equals(job.heldFrom)) {
                // A later hand-over that arrived before this one: its giver is the owner now.
                job.owner = job.heldOwner;
            }
            job.heldFrom = null;
            job.heldOwner = null;
        }
        if (!refused) {
            ownerLastAck.put(newOwner, agent.now());
        }
    }

    void ack(NodeId owner, HeartbeatAck ack) {
        ownerLastAck.put(owner, agent.now());
        for (JobId id : ack.drop()) {
            HeldJob job = queue.get(id);
            if (job == null) {
                continue; // it ended meanwhile
            }
            if (JobSenders.mayDrop(job.owner, owner)) {
                drop(job);
            } else {
                agent.senders().refuse(JobSenders.Refusal.DROP_FROM_NON_OWNER, owner, id,
                        "the job's owner here is " + job.owner);
            }
        }
        startNext();
    }

    private void drop(HeldJob job) {
        boolean wasRunning = queue.isRunning(job.id());
        agent.explain(job.id(), ExplainStep.PLACEMENT, null, () -> wasRunning ? "run stopped: the job was dropped"
                : "dropped from the queue");
        queue.remove(job.id());
        if (wasRunning) {
            Execution.Run run = runs.remove(job.id());
            if (run != null) {
                run.abort();
            }
            agent.events().runEnded(job.profile, agent.self(), agent.now());
        }
    }

    /** The owner keeps these outcomes (it answered their {@code JobDone}, or took them routed). */
    void kept(JobId[] ids) {
        unconfirmed.confirmed(ids);
    }

    /**
     * Routes each outcome whose owner has not confirmed it within the dead-after time to the owner of the
     * job's point, as a node that no longer owns a point sends its outcomes on: the owner may have died after
     * the job ended, or the {@code JobDone} been lost. At most {@link #UNCONFIRMED_SENDS} times.
     */
    private void sendUnconfirmed(long now) {
        unconfirmed.sendDue(now, agent.config().heartbeatMillis(), now - agent.config().outcomeRetentionMillis(),
                Integer.MAX_VALUE, (id, outcome) -> false, agent.ownerRoute(), agent.self());
    }

    /** Once per heartbeat period: heartbeats to live owners, re-routing for silent ones. */
    void tick() {
        long now = agent.now();
        sendUnconfirmed(now);
        Map<NodeId, List<HeldJob>> byOwner = new LinkedHashMap<>();
        for (HeldJob job : queue.all()) {
            byOwner.computeIfAbsent(job.owner, o -> new ArrayList<>()).add(job);
        }
        ownerLastAck.keySet().retainAll(byOwner.keySet());
        byOwner.forEach((owner, jobs) -> {
            long lastAck = ownerLastAck.getOrDefault(owner, now);
            if (now - lastAck > agent.config().deadAfterMillis()) {
                ownerLastAck.put(owner, now);
                for (HeldJob job : jobs) {
                    job.rerouted = true;
                    agent.explain(job.id(), ExplainStep.PLACEMENT, null, () -> "owner " + owner.shortName()
                            + " silent: the job goes to whoever owns its point now");
                    agent.toOwner(job.profile, job.trace, agent.self());
                }
                return;
            }
            ownerLastAck.putIfAbsent(owner, now);
            JobId[] ids = new JobId[jobs.size()];
            boolean[] running = new boolean[jobs.size()];
            int[] moves = new int[jobs.size()];
            String[] held = ownerActiveSince < 0 ? null : new String[jobs.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = jobs.get(i).id();
                running[i] = queue.isRunning(ids[i]);
                moves[i] = jobs.get(i).moves;
                if (held != null) {
                    held[i] = held(running[i]);
                }
            }
            agent.send(owner, new Heartbeats(ids, running, moves, held));
        });
    }

    /**
     * Why a held job does not run while the machine is its owner's: "suspended: owner active since 12:03:04"
     * for a running one, "held back: ..." for one waiting; null while the machine is not its owner's.
     */
    private String held(boolean running) {
        return ownerActiveSince < 0 ? null : (running ? "suspended" : "held back") + ": " + ownerBusy + " since "
                + clock(ownerActiveSince);
    }

    /** Leaving: every held job goes back to its owner to be matched again. */
    void returnAll() {
        for (HeldJob job : queue.all()) {
            giveBack(job);
        }
    }

    private void giveBack(HeldJob job) {
        drop(job);
        if (job.owner.equals(agent.self())) {
            agent.unassignOwned(job.id());
        } else {
            agent.send(job.owner, new JobReturned(job.profile));
        }
    }

    /**
     * The machine is its owner's for {@code busy} (polled; null: it is not): on becoming busy the running
     * jobs are suspended and the node offers itself for no new job; on becoming free they resume and waiting
     * jobs may start; once busy for longer than {@code maxSuspensionMillis}, every held job is vacated, given
     * back to its owner like a leaving node's, so it runs elsewhere and counts as no lost run.
     */
    void owner(String busy, long maxSuspensionMillis) {
        long now = agent.now();
        boolean active = busy != null;
        if (active && ownerActiveSince < 0) {
            ownerActiveSince = now;
            ownerBusy = busy;
            queue.available(false);
            for (HeldJob job : queue.all()) {
                Execution.Run run = runs.get(job.id());
                if (run != null) {
                    run.suspend();
                }
                String held = held(run != null);
                agent.explain(job.id(), ExplainStep.PLACEMENT, null, () -> held);
            }
            tellOwners();
        } else if (!active && ownerActiveSince >= 0) {
            long away = now - ownerActiveSince;
            ownerActiveSince = -1;
            ownerBusy = null;
            queue.available(true);
            for (HeldJob job : queue.all()) {
                Execution.Run run = runs.get(job.id());
                if (run != null) {
                    run.resume();
                    agent.explain(job.id(), ExplainStep.PLACEMENT, null, () -> "resumed: the machine is free again"
                            + " after " + away + " ms");
                }
            }
            startNext();
            tellOwners();
        } else if (active && now - ownerActiveSince > maxSuspensionMillis && !queue.isIdle()) {
            long suspended = now - ownerActiveSince;
            for (HeldJob job : queue.all()) {
                boolean wasRunning = queue.isRunning(job.id());
                agent.explain(job.id(), ExplainStep.PLACEMENT, null, () -> "vacated from " + agent.self().shortName()
                        + " after " + suspended + " ms " + (wasRunning ? "suspended" : "held back")
                        + " (" + busy + "): given back to be matched elsewhere");
                if (wasRunning) {
                    agent.events().vacated(job.profile, agent.self(), now);
                }
                giveBack(job);
            }
        }
    }

    /**
     * Heartbeats now rather than at the next period, so that the owners' status answers say at once that
     * the jobs are held or go on (a period is 30 s by default); a node that is not held by anything sends
     * none beyond its periodic ones.
     */
    private void tellOwners() {
        if (!queue.isIdle()) {
            tick();
        }
    }

    private static String clock(long millis) {
        return java.time.LocalTime.ofInstant(java.time.Instant.ofEpochMilli(millis), java.time.ZoneId.systemDefault())
                .withNano(0).toString();
    }
}
