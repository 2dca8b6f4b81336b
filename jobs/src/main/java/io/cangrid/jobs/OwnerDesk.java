package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.message.HeartbeatAck;
import io.cangrid.jobs.message.JobDone;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.jobs.message.Heartbeats;
import io.cangrid.jobs.message.JobProgress;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.OwnerChanged;
import io.cangrid.jobs.message.OutcomesKept;
import io.cangrid.jobs.message.OwnershipHandoff;
import io.cangrid.jobs.message.StrayOutcomes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The owner's side of the life cycle (design.md §6): it keeps the profile of every job whose point
 * it owned when the job arrived, starts matchmaking, watches the run node's heartbeats and matches again
 * when they stop, and tells the client how its jobs stand.
 */
final class OwnerDesk {

    /**
     * How many ended and handed-over jobs an owner remembers: to turn away stale run nodes that re-route an
     * ended job, and not to tell a run node to drop a job whose new owner has not reached it yet.
     */
    static final int GONE_REMEMBERED = 4096;

    /**
     * Refusals (run nodes whose execution policy forbids the job's command) after which a job ends FAILED:
     * matchmaking does not know policies, so it may pick a refusing node again, but never forever.
     */
    static final int MAX_REFUSALS = 4;

    private final JobAgent agent;
    private final Map<JobId, OwnedJob> owned = new LinkedHashMap<>();
    private final Map<JobId, Boolean> ended = recent();
    /** Outcomes sent on to their points' owners in one period at most (see sendStrayOutcomes). */
    static final int STRAY_OUTCOMES_PER_TICK = 256;
    /** Outcomes of jobs whose points this node no longer owns, kept until the points' owners say they keep them. */
    private final UnconfirmedOutcomes strays = new UnconfirmedOutcomes(Integer.MAX_VALUE);

    /** How jobs ended, for status queries: bounded in number and, in {@link #tick}, in age. */
    private final Map<JobId, JobOutcome> outcomes = recent();
    /** Jobs handed over with the zone holding their points: the run node each had then, and when. */
    private final Map<JobId, HandedOver> handedOver = recent();

    private record HandedOver(NodeId runNode, long at) {
    }

    OwnerDesk(JobAgent agent) {
        this.agent = agent;
    }

    private static <V> Map<JobId, V> recent() {
        return new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<JobId, V> eldest) {
                return size() > GONE_REMEMBERED;
            }
        };
    }

    int size() {
        return owned.size();
    }

    boolean owns(JobId id) {
        return owned.containsKey(id);
    }

    void take(JobProfile profile, MatchTrace trace) {
        OwnedJob job = owned.get(profile.id());
        // Only a resubmission asks what is on disk: a first submission of a job has no past to look up.
        JobOutcome known = profile.attempt() > 1 ? known(profile.id()) : null;
        if (known != null && profile.attempt() > 1) {
            // Its client lost track of it, but it ended, and this owner knows how: a job ends once.
            agent.explain(profile.id(), ExplainStep.OWNER, null, () -> "resubmitted (attempt " + profile.attempt()
                    + "), but it already ended " + known.state() + ": the outcome goes to the client again, the job"
                    + " does not run again");
            agent.send(profile.client(), new JobResult(profile.id(), known.state(), known.reason(), known.output(),
                    known.waitMillis()));
            return;
        }
        if (profile.attempt() == 1 && ended.containsKey(profile.id())) {
            // A copy of a submission whose receipt was lost, arriving after the job ended: its result has
            // gone to the client already. (A client resubmits, attempt 2 on, only when it never heard the
            // end: those run again.)
            return;
        }
        if (job != null && (job.runNode != null || profile.attempt() <= job.profile.attempt())) {
            // A resubmission of a job this owner still tracks, whose run node is alive as far as we know, or
            // a second copy of the same submission while the first is still being matched.
            return;
        }
        if (job == null) {
            job = new OwnedJob(profile, trace, agent.now());
            owned.put(profile.id(), job);
            if (agent.acknowledgesTaken()) {
                agent.send(profile.client(), new JobProgress(new JobId[] {profile.id()},
                        new JobState[] {JobState.MATCHING}, new NodeId[] {null}));
            }
        }
        job.lastHeard = agent.now();
        agent.explain(profile.id(), ExplainStep.OWNER, null, () -> "owns the job's point (reached after "
                + trace.routingHops() + " routing hop(s), attempt " + profile.attempt() + "); matchmaking starts");
        agent.locator().match(profile, agent.self(), trace);
    }

    void adopt(JobProfile profile, NodeId runNode, MatchTrace trace) {
        adopt(profile, runNode, trace, false);
    }

    /**
     * {@code handedOver}: the job came with a zone handed over, and its previous owner tells the run node of
     * its new owner itself (a run node takes a new owner only from its current one, see {@link JobSenders}).
     */
    private void adopt(JobProfile profile, NodeId runNode, MatchTrace trace, boolean handedOver) {
        OwnedJob tracked = owned.get(profile.id());
        if (ended.containsKey(profile.id())
                || (tracked != null && tracked.runNode != null && !tracked.runNode.equals(runNode))) {
            // Ended, or matched elsewhere after the sender was presumed dead: the sender must not run it.
            // It reports here from now on, and is told at once to drop the job (whichever arrives first).
            refuse(profile.id(), runNode);
            return;
        }
        OwnedJob job = owned.computeIfAbsent(profile.id(), id -> new OwnedJob(profile, trace, agent.now()));
        job.placeOn(runNode);
        job.lastHeard = agent.now();
        if (handedOver) {
            agent.explain(profile.id(), ExplainStep.OWNER, runNode, () -> "took the job over with the zone"
                    + " holding its point; it runs on " + runNode.shortName());
            return;
        }
        agent.explain(profile.id(), ExplainStep.OWNER, runNode, () -> "adopted the job from run node "
                + runNode.shortName() + ", which lost its previous owner");
        agent.send(runNode, new OwnerChanged(new JobId[] {profile.id()}));
    }

    private void refuse(JobId id, NodeId runNode) {
        JobId[] ids = {id};
        agent.send(runNode, new OwnerChanged(ids));
        agent.send(runNode, new HeartbeatAck(ids));
    }

    /**
     * Whether {@code runNode} ran the job when this node handed it over, recently enough that the new
     * owner's word may still be on its way to it: it must not be told to drop the job meanwhile. Later on,
     * the new owner has presumed it dead and matched the job again, and a drop is right.
     */
    private boolean isBeingHandedOver(JobId id, NodeId runNode) {
        HandedOver h = handedOver.get(id);
        return h != null && h.runNode.equals(runNode) && agent.now() - h.at <= agent.config().deadAfterMillis();
    }

    void queued(JobId id, NodeId runNode, NodeId movedFrom, int moves) {
        OwnedJob job = owned.get(id);
        // A job passed on twice in quick succession may be reported by its last holder first.
        boolean movedOn = movedFrom != null && job != null
                && (movedFrom.equals(job.runNode) || moves > job.moves);
        if (job == null || (job.runNode != null && !job.runNode.equals(runNode) && !movedOn)) {
            // Ended or placed elsewhere meanwhile: the sender must not run it too.
            agent.send(runNode, new HeartbeatAck(new JobId[] {id}));
            return;
        }
        job.placeOn(runNode);
        job.moves = moves;
        job.lastHeard = agent.now();
    }

    void heartbeats(NodeId runNode, Heartbeats beats) {
        List<JobId> drop = new ArrayList<>();
        for (int i = 0; i < beats.ids().length; i++) {
            OwnedJob job = owned.get(beats.ids()[i]);
            if (job == null && isBeingHandedOver(beats.ids()[i], runNode)) {
                continue;
            }
            // A later pass than the one we know of: its own report is still on its way.
            boolean passedOn = job != null && beats.moves()[i] > job.moves;
            if (job == null || (job.runNode != null && !job.runNode.equals(runNode) && !passedOn)) {
                drop.add(beats.ids()[i]);
                continue;
            }
            job.placeOn(runNode);
            job.moves = beats.moves()[i];
            job.running = beats.running()[i];
            String held = beats.held() == null || i >= beats.held().length ? null : beats.held()[i];
            job.held = held == null || held.length() <= JobStatusReply.MAX_HELD_CHARS ? held
                    : held.substring(0, JobStatusReply.MAX_HELD_CHARS); // kept for status answers: bounded here
            job.lastHeard = agent.now();
        }
        agent.send(runNode, new HeartbeatAck(drop.toArray(JobId[]::new)));
    }

    /** The run node is this node and it is leaving: the job goes with the zone as one still to match. */
    void unassign(JobId id) {
        OwnedJob job = owned.get(id);
        if (job != null) {
            job.runNode = null;
            job.running = false;
            job.held = null;
        }
    }

    /**
     * {@code from} says the job ended. Taken from the job's run node (or one it had), from any node while the
     * job is being matched (the node where matchmaking gave up), and, for a job just handed over, from the
     * run node it had then (its word of the new owner may not have reached it); an ended job keeps its first
     * outcome, and a job this node does not own gets none.
     */
    void done(JobDone done, NodeId from) {
        JobId id = done.id();
        OwnedJob job = owned.get(id);
        if (job != null && !JobSenders.mayEnd(job.runNode, job.formerRunNodes, from)) {
            agent.senders().refuse(JobSenders.Refusal.DONE_FROM_STRANGER, from, id, "the job runs on "
                    + job.runNode);
            return;
        }
        if (job == null) {
            if (outcomes.containsKey(id) || ended.containsKey(id)) {
                // The run ended as a cancellation reached its run node, or a run presumed lost ended too:
                // the first outcome stays, the client was told it.
                agent.send(from, new OutcomesKept(new JobId[] {id}));
                return;
            }
            HandedOver h = handedOver.get(id);
            if (h == null || !h.runNode.equals(from)) {
                agent.senders().refuse(JobSenders.Refusal.DONE_NOT_OWNED, from, id, null);
                return;
            }
        }
        end(done, from);
        // The run node keeps the outcome until its owner says it does (RunDesk.sendUnconfirmed).
        agent.send(from, new OutcomesKept(new JobId[] {id}));
    }

    /** The job ended as {@code done} says ({@code from}: the node that said so, null for this owner). */
    private void end(JobDone done, NodeId from) {
        JobId id = done.id();
        OwnedJob job = owned.remove(id);
        ended.put(id, Boolean.TRUE);
        // A run node the owner had replaced (presumed dead, yet it ran the job) is where the job ran.
        boolean byFormer = job != null && from != null && job.formerRunNodes.contains(from);
        NodeId ranOn = done.state() == JobState.NO_MATCH ? null
                : byFormer ? from : (job != null && job.runNode != null ? job.runNode : from);
        JobOutcome outcome = new JobOutcome(done.state(), done.reason(), ranOn, agent.now(), done.output(),
                done.waitMillis(), job == null ? 0 : job.runs() + (job.runNode == null && ranOn != null ? 1 : 0));
        outcomes.put(id, outcome);
        agent.ledger().keep(id, outcome, agent.self());
        // The sender (run node, or the node where a search gave up) is named, so the trail reaches it.
        agent.explain(id, ExplainStep.ENDED, null, from, () -> "the job ended " + done.state()
                + (ranOn == null ? "" : " on " + ranOn.shortName())
                + (done.reason() == null ? "" : ": " + done.reason()));
    }

    /** A run node refused the job: match it again, or give up after {@link #MAX_REFUSALS}. */
    void refused(JobId id, NodeId from, String reason) {
        OwnedJob job = owned.get(id);
        if (job == null || (job.runNode != null && !job.runNode.equals(from))) {
            return; // ended, or placed elsewhere meanwhile
        }
        job.refusals++;
        job.refusedBy.add(from.shortName());
        agent.explain(id, ExplainStep.REMATCH, null, () -> "run node " + from.shortName() + " refused the job ("
                + reason + "); refusal " + job.refusals + " of " + MAX_REFUSALS + " allowed");
        if (job.refusals >= MAX_REFUSALS) {
            JobCommand command = job.profile.spec().command();
            String why = "no node would run '" + (command == null ? "?" : command.executable()) + "' as asked (refused "
                    + job.refusals + " times, by " + String.join(", ", job.refusedBy) + "; last said: " + reason + ")";
            agent.send(job.profile.client(), new JobResult(id, JobState.FAILED, why));
            end(new JobDone(id, JobState.FAILED, why), null); // it ran nowhere
            return;
        }
        rematch(job);
    }

    /**
     * The job's client says how the job ended. For a job this owner tracks as still under way (an owner
     * that took the job over before the run node's word reached it, and thinks the run lost), the client's
     * word ends it: the client has a result already, and a second run would give the job a second one. Only
     * the client may say so; a run begun since is dropped.
     */
    void settle(NodeId from, JobId id, JobOutcome outcome) {
        OwnedJob job = owned.get(id);
        if (job == null) {
            record(id, outcome);
            return;
        }
        if (!from.equals(job.profile.client())) {
            agent.senders().refuse(JobSenders.Refusal.OUTCOME_FROM_STRANGER, from, id, null);
            return;
        }
        if (job.runNode != null && !job.runNode.equals(outcome.runNode())) {
            agent.send(job.runNode, new HeartbeatAck(new JobId[] {id}));
        }
        owned.remove(id);
        ended.put(id, Boolean.TRUE);
        JobOutcome kept = new JobOutcome(outcome.state(), outcome.reason(), outcome.runNode(), agent.now(),
                outcome.output(), outcome.waitMillis(), Math.max(1, job.runs()));
        outcomes.put(id, kept);
        agent.ledger().keep(id, kept, agent.self());
        agent.explain(id, ExplainStep.ENDED, null, from, () -> "the job's client had its result already: it ended "
                + outcome.state() + (outcome.runNode() == null ? "" : " on " + outcome.runNode().shortName()));
    }

    void record(JobId id, JobOutcome outcome) {
        if (!owned.containsKey(id) && !outcomes.containsKey(id)) {
            ended.put(id, Boolean.TRUE);
            outcomes.put(id, outcome);
            agent.ledger().keep(id, outcome, agent.self());
        }
    }

    /**
     * A client cancels the job: it ends CANCELLED here, its client hears so, and its run node is told to
     * drop it, which kills the run. A run node the job is still on its way to reports it queued to an owner
     * that no longer tracks it and is told to drop it then (see {@link #queued}).
     */
    CancelReply cancel(CancelJob request) {
        JobId id = request.job();
        OwnedJob job = owned.get(id);
        if (job == null) {
            JobOutcome outcome = outcomes.get(id);
            String why = outcome != null ? "the job had already ended " + outcome.state()
                    : "the owner of the job's point has no record of it: never submitted, or ended long ago";
            return new CancelReply(request.ticket(), id, false, outcome == null ? null : outcome.state(),
                    agent.self(), why);
        }
        String reason = "cancelled by a client";
        if (job.runNode != null) {
            agent.send(job.runNode, new HeartbeatAck(new JobId[] {id}));
        }
        agent.send(job.profile.client(), new JobResult(id, JobState.CANCELLED, reason));
        end(new JobDone(id, JobState.CANCELLED, reason), job.runNode);
        return new CancelReply(request.ticket(), id, true, JobState.CANCELLED, agent.self(), reason);
    }

    JobOutcome outcome(JobId id) {
        return outcomes.get(id);
    }

    JobStatusReply status(StatusQuery query) {
        JobId id = query.job();
        OwnedJob job = owned.get(id);
        if (job != null) {
            return new JobStatusReply(query.ticket(), id, job.state(), agent.self(), job.runNode, null, null, -1,
                    job.runs(), job.runNode == null ? null : job.held);
        }
        JobOutcome outcome = known(id);
        if (outcome != null) {
            return new JobStatusReply(query.ticket(), id, outcome.state(), agent.self(), outcome.runNode(),
                    outcome.reason(), outcome.output(), outcome.waitMillis(), outcome.runs());
        }
        return new JobStatusReply(query.ticket(), id, null, agent.self(), null,
                "the owner of the job's point has no record of it: never submitted, or ended more than "
                        + agent.config().outcomeRetentionMillis() / 1000 + " s ago");
    }

    void returned(JobProfile profile, NodeId from) {
        OwnedJob job = owned.get(profile.id());
        if (job == null) {
            take(profile, MatchTrace.START);
            return;
        }
        if (!JobSenders.mayEnd(job.runNode, job.formerRunNodes, from)) {
            // Only its run node gives a job back; anyone else would have it run twice.
            agent.senders().refuse(JobSenders.Refusal.RETURNED_BY_STRANGER, from, profile.id(), "the job runs on "
                    + job.runNode);
            return;
        }
        agent.explain(profile.id(), ExplainStep.REMATCH, null,
                () -> "the run node gave the job back as it left: matching it again");
        rematch(job);
    }

    /** Once per heartbeat period: presume silent run nodes dead, and report to clients. */
    void tick() {
        long oldest = agent.now() - agent.config().outcomeRetentionMillis();
        // Insertion order is the order of ending, so the expired outcomes are at the front.
        for (var it = outcomes.values().iterator(); it.hasNext() && it.next().endedAt() < oldest; ) {
            it.remove();
        }
        sendStrayOutcomes();
        long now = agent.now();
        long deadAfter = agent.config().deadAfterMillis();
        Map<NodeId, List<OwnedJob>> byClient = new LinkedHashMap<>();
        for (OwnedJob job : List.copyOf(owned.values())) {
            if (now - job.lastHeard > deadAfter) {
                String why = (job.runNode == null ? "matchmaking gave no word" : "run node " + job.runNode.shortName()
                        + " was silent") + " for more than " + deadAfter + " ms";
                if (job.runNode != null) {
                    job.trace = job.trace.withLostRun();
                    if (job.trace.lostRuns() >= agent.config().maxRuns()) {
                        giveUp(job, "ran " + job.trace.lostRuns() + " times without a result reaching its owner: "
                                + why);
                        continue;
                    }
                }
                agent.explain(job.profile.id(), ExplainStep.REMATCH, null, () -> why + ": matching the job again"
                        + (job.trace.lostRuns() == 0 ? "" : " (run " + (job.trace.lostRuns() + 1) + " of at most "
                                + agent.config().maxRuns() + ")"));
                rematch(job);
            }
            byClient.computeIfAbsent(job.profile.client(), c -> new ArrayList<>()).add(job);
        }
        byClient.forEach((client, jobs) -> {
            JobId[] ids = new JobId[jobs.size()];
            JobState[] states = new JobState[jobs.size()];
            NodeId[] runNodes = new NodeId[jobs.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = jobs.get(i).profile.id();
                states[i] = jobs.get(i).state();
                runNodes[i] = jobs.get(i).runNode;
            }
            // The run nodes named, so that the client takes each job's result from its run node alone.
            agent.send(client, new JobProgress(ids, states, runNodes));
        });
    }

    /**
     * Sends each outcome kept here of a job whose point this node no longer owns to the point's owner. Space
     * changes hands without a hand-over too: a takeover of a node presumed dead that was not, a claim that
     * outranked ours, a world left for an older one. The outcomes stayed here, and the new owner, asked how
     * such a job ended, had no record: through any node but the job's injection node its result was gone,
     * and a resubmission would have run the job again. Outcomes handed over wait here too. A route or a
     * hand-over may be lost, and the node a route ends at may itself be losing the space, so each outcome is
     * kept until an owner says it keeps it ({@link #kept}) or it expires ({@link UnconfirmedOutcomes}); at most
     * {@link #STRAY_OUTCOMES_PER_TICK} are sent a period.
     */
    private void sendStrayOutcomes() {
        OwnerRoute route = agent.ownerRoute();
        long now = agent.now();
        for (var it = outcomes.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!route.holds(e.getKey().point())) {
                strays.add(e.getKey(), e.getValue(), now, 0);
                it.remove();
            }
        }
        strays.sendDue(now, agent.config().heartbeatMillis(), now - agent.config().outcomeRetentionMillis(),
                STRAY_OUTCOMES_PER_TICK, (id, outcome) -> {
                    if (!route.holds(id.point())) {
                        return false;
                    }
                    // The space came back: so does what is known of it.
                    outcomes.putIfAbsent(id, outcome);
                    return true;
                }, route, agent.self());
    }

    /** An owner says it keeps these outcomes: they need not be sent again. */
    void kept(JobId[] ids) {
        strays.confirmed(ids);
    }

    /** Outcomes a node that no longer owns their points routed here: kept, and the sender told so. */
    void receiveStrays(StrayOutcomes m) {
        keepOutcomes(m.ids(), m.outcomes());
        JobId[] kept = java.util.Arrays.stream(m.ids()).filter(id -> !owned.containsKey(id)).toArray(JobId[]::new);
        if (kept.length > 0) {
            agent.send(m.from(), new OutcomesKept(kept));
        }
    }

    private void keepOutcomes(JobId[] ids, JobOutcome[] kept) {
        for (int i = 0; i < ids.length; i++) {
            if (owned.containsKey(ids[i])) {
                // Tracked here as under way: its end is taken from its run node alone (done), not from a route.
                continue;
            }
            if (outcomes.putIfAbsent(ids[i], kept[i]) == null) {
                // Written down as an owner's own, so a restart of this node does not forget it either.
                agent.ledger().keep(ids[i], kept[i], agent.self());
            }
        }
    }

    /**
     * How a job ended, as this owner remembers it, or as this node wrote it down before a restart: a node
     * restarted with its work directory owns much of its old space again, and asked how a job there ended
     * it must not say "no record" of what it knows on disk.
     */
    private JobOutcome known(JobId id) {
        JobOutcome kept = outcomes.get(id);
        return kept != null ? kept : agent.ledger().recall(id);
    }

    /** Ends the job FAILED for {@code why}: its client hears it, its last run node (if any) drops it. */
    private void giveUp(OwnedJob job, String why) {
        JobId id = job.profile.id();
        agent.explain(id, ExplainStep.REMATCH, null, () -> "gave up: " + why);
        if (job.runNode != null) {
            agent.send(job.runNode, new HeartbeatAck(new JobId[] {id}));
        }
        agent.send(job.profile.client(), new JobResult(id, JobState.FAILED, why));
        end(new JobDone(id, JobState.FAILED, why), null);
    }

    private void rematch(OwnedJob job) {
        job.placeOn(null);
        job.running = false;
        job.lastHeard = agent.now();
        agent.events().rematched(job.profile, agent.self(), agent.now());
        agent.locator().match(job.profile, agent.self(), job.trace);
    }

    /**
     * Hands the jobs whose points {@code inside} accepts to {@code to}, which becomes their owner, and the
     * outcomes kept of ended jobs there: the new owner must not take "no record" for "never ran" (nothing is
     * sent when there is neither).
     */
    void handOver(Predicate<Point> inside, NodeId to) {
        List<OwnedJob> leaving = new ArrayList<>();
        for (OwnedJob job : owned.values()) {
            if (inside.test(job.profile.id().point())) {
                leaving.add(job);
            }
        }
        HandoffBatches batches = new HandoffBatches();
        Map<NodeId, List<JobId>> byRunNode = new LinkedHashMap<>();
        for (OwnedJob job : leaving) {
            batches.job(job.profile, job.runNode, job.trace);
            owned.remove(job.profile.id());
            if (job.runNode != null) {
                handedOver.put(job.profile.id(), new HandedOver(job.runNode, agent.now()));
                byRunNode.computeIfAbsent(job.runNode, r -> new ArrayList<>()).add(job.profile.id());
            }
        }
        for (var it = outcomes.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (inside.test(e.getKey().point())) {
                batches.ended(e.getKey(), e.getValue());
                // Kept until the taker says it keeps it: a hand-over may be lost.
                strays.add(e.getKey(), e.getValue(), agent.now() + agent.config().heartbeatMillis(), 1);
                it.remove();
            }
        }
        for (OwnershipHandoff m : batches.messages()) {
            agent.send(to, m);
        }
        // A run node takes a new owner only from the owner it has (JobSenders): this owner names its successor.
        byRunNode.forEach((runNode, ids) -> agent.send(runNode, new OwnerChanged(ids.toArray(JobId[]::new), to)));
    }

    void receiveHandoff(NodeId from, OwnershipHandoff handoff) {
        if (handoff.endedIds().length > 0) {
            keepOutcomes(handoff.endedIds(), handoff.endedOutcomes());
            agent.send(from, new OutcomesKept(handoff.endedIds()));
        }
        for (int i = 0; i < handoff.profiles().length; i++) {
            if (handoff.runNodes()[i] == null) {
                take(handoff.profiles()[i], handoff.traces()[i]);
            } else {
                adopt(handoff.profiles()[i], handoff.runNodes()[i], handoff.traces()[i], true);
            }
        }
    }
}
