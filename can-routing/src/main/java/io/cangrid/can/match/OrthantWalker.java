package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobMatch;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The completeness search (design.md §3). A capable node's point dominates the job's
 * point in every real dimension, so it lies in a zone intersecting the job's upper orthant; visiting those
 * zones depth-first, checking each visited node's neighbours as candidates, finds a capable node whenever
 * one exists in a settled overlay. Only when the search runs out does the client get NO_MATCH.
 */
public final class OrthantWalker {

    /** Normalised points are rounded in job ids; faces closer than this still count as reaching the orthant. */
    private static final double FACE_TOLERANCE = 1e-9;

    /** A search that found nothing runs once more before NO_MATCH, this many update periods later. */
    static final int RETRY_PERIODS = 2;
    private static final int LAST_ROUND = 1;

    /**
     * Nodes a search for a job whose requirements say more than minimums goes on visiting past the first busy
     * capable node, for a free one. Such nodes are scattered through the orthant, not gathered at the job's
     * point as the nodes meeting minimums are, so the first one met is no better placed than any other; a job
     * with only minimums stops at the first, as the paper's search does.
     */
    static final int VISITS_PAST_BUSY = 16;

    private final NodeContext ctx;
    private final CanNode can;
    private final JobAgent agent;
    private final ResourceSchema schema;

    public OrthantWalker(NodeContext ctx, CanNode can, JobAgent agent, ResourceSchema schema) {
        this.ctx = ctx;
        this.can = can;
        this.agent = agent;
        this.schema = schema;
    }

    /**
     * Starts the search here, where the upward walk dead-ended. The nodes walked are not marked visited:
     * the zones meeting the orthant are connected only through one another, some possibly through them.
     */
    public void start(JobProfile job, NodeId owner, MatchTrace trace) {
        double[] largest = new double[schema.realDimensions()];
        Arrays.fill(largest, Double.NEGATIVE_INFINITY);
        continueFrom(new OrthantSearch(job, owner, trace, new NodeId[] {can.id()}, new NodeId[0], largest,
                new NodeId[0], new NodeId[0], 0, 0, null, 0, 0));
    }

    public void visit(OrthantSearch search) {
        JobSpec spec = search.profile().spec();
        JobMatch match = JobMatch.of(spec, schema);
        List<Candidate> candidates = Candidates.around(can, agent.queue(), match, spec.hasCommand(), ctx.now());
        NodeId queueAt = search.queueAt();
        int queueLength = search.queueLength();
        if (!candidates.isEmpty()) {
            Candidate chosen = Candidates.fastestFreeElseLeastLoaded(candidates);
            if (chosen.isFree() || !match.requiresMoreThanMinimums()) {
                agent.explain(search.profile().id(), ExplainStep.CANDIDATES, null, () -> "orthant search found "
                        + candidates.size() + " capable node(s) around; the fastest free, else least loaded, runs it");
                agent.dispatch(chosen.id(), search.profile(), search.owner(), search.trace());
                return;
            }
            if (queueAt == null || chosen.queueLength() < queueLength) {
                queueAt = chosen.id();
                queueLength = chosen.queueLength();
            }
            if (search.visitsPastBusy() >= VISITS_PAST_BUSY) {
                NodeId to = queueAt;
                agent.explain(search.profile().id(), ExplainStep.CANDIDATES, to, () -> "orthant search visited "
                        + VISITS_PAST_BUSY + " node(s) past the first busy capable one without finding a free one: "
                        + to.shortName() + ", the shortest queue seen, runs it");
                agent.dispatch(to, search.profile(), search.owner(), search.trace());
                return;
            }
        }
        NodeId[] visited = Arrays.copyOf(search.visited(), search.visited().length + 1);
        visited[visited.length - 1] = can.id();
        continueFrom(new OrthantSearch(search.profile(), search.owner(), search.trace(), visited, search.toVisit(),
                search.largestSeen(), search.capableWithoutCommands(), search.refusing(), search.conjunctsMet(),
                search.round(), queueAt, queueLength, queueAt == null ? 0 : search.visitsPastBusy() + 1));
    }

    private void continueFrom(OrthantSearch search) {
        Seen seen = new Seen(search, JobMatch.of(search.profile().spec(), schema));
        seen.note(can.id(), can.capabilities(), agent.queue().runsCommands(), agent.queue().machine());
        Point p = search.profile().id().point();
        List<NodeId> toVisit = new ArrayList<>(Arrays.asList(search.toVisit()));
        for (NeighbourEntry n : can.neighbours()) {
            NeighbourState state = n.lastState();
            if (state != null) {
                JobLoad load = JobLoad.of(state.extension());
                seen.note(n.id(), state.capabilities(), load.runsCommands(), load.machine());
            }
            if (reachesOrthant(n.zones(), p) && !BasicCanLocator.contains(search.visited(), n.id())
                    && !toVisit.contains(n.id())) {
                toVisit.add(n.id());
            }
        }
        if (toVisit.isEmpty() && search.queueAt() != null) {
            NodeId to = search.queueAt();
            agent.explain(search.profile().id(), ExplainStep.CANDIDATES, to, () -> "orthant search ended without"
                    + " finding a free capable node: " + to.shortName() + ", the shortest queue seen, runs it");
            agent.dispatch(to, search.profile(), search.owner(), search.trace());
            return;
        }
        if (toVisit.isEmpty()) {
            if (search.round() < LAST_ROUND) {
                // Churn may have left neighbour tables incomplete for a while, hiding a capable node: before
                // telling the client no node can run the job, search once more after the tables had time to
                // repair.
                ctx.schedule(RETRY_PERIODS * can.config().updatePeriodMillis(),
                        () -> continueFrom(seen.carry(new NodeId[] {can.id()}, new NodeId[0], search.round() + 1)));
                return;
            }
            agent.noMatch(search.profile(), search.owner(), reason(seen), search.trace());
            return;
        }
        NodeId next = toVisit.remove(toVisit.size() - 1);
        agent.explain(search.profile().id(), ExplainStep.SEARCH, next, () -> "orthant search: no capable node around;"
                + " " + (toVisit.size() + 1) + " node(s) toward the job's requirements still to visit, next "
                + next.shortName());
        ctx.send(next, seen.carry(search.visited(), toVisit.toArray(NodeId[]::new), search.round())
                .withTrace(search.trace().forwarded()));
    }

    /** What a search has seen so far, with what this node and its neighbours add to it. */
    private final class Seen {

        private final OrthantSearch search;
        private final JobMatch match;
        private final double[] largest;
        private final List<NodeId> idle;
        private final List<NodeId> refusing;
        private long conjunctsMet;

        Seen(OrthantSearch search, JobMatch match) {
            this.search = search;
            this.match = match;
            this.largest = search.largestSeen().clone();
            this.idle = new ArrayList<>(Arrays.asList(search.capableWithoutCommands()));
            this.refusing = new ArrayList<>(Arrays.asList(search.refusing()));
            this.conjunctsMet = search.conjunctsMet();
        }

        void note(NodeId id, Capabilities caps, boolean runsCommands, MachineAd machine) {
            OrthantWalker.note(largest, caps);
            long now = ctx.now();
            conjunctsMet |= match.conjunctsMet(caps, machine, now);
            if (!match.wants(caps, machine, now)) {
                return;
            }
            if (!match.accepts(caps, machine, now)) {
                if (!refusing.contains(id)) {
                    refusing.add(id);
                }
            } else if (match.spec().hasCommand() && !runsCommands && !idle.contains(id)) {
                idle.add(id);
            }
        }

        OrthantSearch carry(NodeId[] visited, NodeId[] toVisit, int round) {
            return new OrthantSearch(search.profile(), search.owner(), search.trace(), visited, toVisit, largest,
                    idle.toArray(NodeId[]::new), refusing.toArray(NodeId[]::new), conjunctsMet, round,
                    search.queueAt(), search.queueLength(), search.visitsPastBusy());
        }
    }

    private boolean reachesOrthant(Zone[] zones, Point p) {
        for (Zone z : zones) {
            boolean reaches = true;
            for (int d = 0; d < schema.realDimensions() && reaches; d++) {
                reaches = z.hi(d) > p.get(d) - FACE_TOLERANCE;
            }
            if (reaches) {
                return true;
            }
        }
        return false;
    }

    private static void note(double[] largest, Capabilities caps) {
        for (int d = 0; d < largest.length; d++) {
            largest[d] = Math.max(largest[d], caps.get(d));
        }
    }

    /**
     * Why no node can run the job: the capable nodes seen all run no commands (naming the option that would
     * change that), a requirement no node met (with the largest value seen), or that none met them together.
     */
    private String reason(Seen seen) {
        JobProfile job = seen.search.profile();
        double[] largest = seen.largest;
        int capableWithoutCommands = seen.idle.size();
        Requirements req = job.spec().requirements();
        if (!seen.refusing.isEmpty()) {
            return JobMatch.refusedByOwners(seen.refusing.size());
        }
        if (capableWithoutCommands > 0) {
            String program = job.spec().command().executable();
            String name = program.substring(program.lastIndexOf('/') + 1);
            return "no node that runs commands meets its requirements; " + capableWithoutCommands + " node(s) could"
                    + " run it but allow no commands (--exec none): start them with --exec allow:" + name;
        }
        StringBuilder unmet = new StringBuilder();
        for (int d = 0; d < req.size(); d++) {
            if (req.constrains(d) && largest[d] < req.get(d)) {
                ResourceDimension dim = schema.dimension(d);
                unmet.append(unmet.length() == 0 ? "" : "; ").append("no node has ").append(dim.name()).append(" >= ")
                        .append(format(req.get(d))).append(unit(dim)).append(" (largest seen: ")
                        .append(format(largest[d])).append(unit(dim)).append(')');
            }
        }
        if (unmet.length() > 0) {
            return unmet.toString();
        }
        String conjunct = seen.match.unmetConjunct(seen.conjunctsMet);
        if (conjunct != null) {
            return conjunct;
        }
        StringBuilder all = new StringBuilder("no node meets all requirements together (");
        String sep = "";
        for (int d = 0; d < req.size(); d++) {
            if (req.constrains(d)) {
                all.append(sep).append(schema.dimension(d).name()).append(" >= ").append(format(req.get(d)))
                        .append(unit(schema.dimension(d)));
                sep = ", ";
            }
        }
        if (job.spec().expressions().requirements() != null) {
            all.append(sep).append(job.spec().expressions().requirements());
        }
        return all.append(')').toString();
    }

    private static String unit(ResourceDimension dim) {
        return dim.unit() == null || dim.unit().isEmpty() ? "" : " " + dim.unit();
    }

    private static String format(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
