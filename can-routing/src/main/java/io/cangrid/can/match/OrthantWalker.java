package io.cangrid.can.match;

import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.Capable;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobProfile;
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
                new NodeId[0], 0));
    }

    public void visit(OrthantSearch search) {
        List<Candidate> candidates = Candidates.around(can, agent.queue(), search.profile().spec(),
                search.profile().spec().hasCommand(), ctx.now());
        if (!candidates.isEmpty()) {
            agent.explain(search.profile().id(), ExplainStep.CANDIDATES, null, () -> "orthant search found "
                    + candidates.size() + " capable node(s) around; the fastest free, else least loaded, runs it");
            agent.dispatch(Candidates.fastestFreeElseLeastLoaded(candidates).id(), search.profile(), search.owner(),
                    search.trace());
            return;
        }
        NodeId[] visited = Arrays.copyOf(search.visited(), search.visited().length + 1);
        visited[visited.length - 1] = can.id();
        continueFrom(new OrthantSearch(search.profile(), search.owner(), search.trace(), visited, search.toVisit(),
                search.largestSeen(), search.capableWithoutCommands(), search.round()));
    }

    private void continueFrom(OrthantSearch search) {
        double[] largest = search.largestSeen().clone();
        note(largest, can.capabilities());
        Point p = search.profile().id().point();
        Requirements req = search.profile().spec().requirements();
        boolean command = search.profile().spec().hasCommand();
        List<NodeId> idle = new ArrayList<>(Arrays.asList(search.capableWithoutCommands()));
        if (command && !agent.queue().runsCommands() && Capable.isCapable(can.capabilities(), req)
                && !idle.contains(can.id())) {
            idle.add(can.id());
        }
        List<NodeId> toVisit = new ArrayList<>(Arrays.asList(search.toVisit()));
        for (NeighbourEntry n : can.neighbours()) {
            NeighbourState state = n.lastState();
            if (state != null) {
                note(largest, state.capabilities());
                if (command && Capable.isCapable(state.capabilities(), req)
                        && !JobLoad.of(state.extension()).runsCommands() && !idle.contains(n.id())) {
                    idle.add(n.id());
                }
            }
            if (reachesOrthant(n.zones(), p) && !BasicCanLocator.contains(search.visited(), n.id())
                    && !toVisit.contains(n.id())) {
                toVisit.add(n.id());
            }
        }
        if (toVisit.isEmpty()) {
            if (search.round() < LAST_ROUND) {
                // Churn may have left neighbour tables incomplete for a while, hiding a capable node: before
                // telling the client no node can run the job, search once more after the tables had time to
                // repair.
                ctx.schedule(RETRY_PERIODS * can.config().updatePeriodMillis(),
                        () -> continueFrom(new OrthantSearch(search.profile(), search.owner(), search.trace(),
                                new NodeId[] {can.id()}, new NodeId[0], largest, idle.toArray(NodeId[]::new),
                                search.round() + 1)));
                return;
            }
            agent.noMatch(search.profile(), search.owner(), reason(search.profile(), largest, idle.size()),
                    search.trace());
            return;
        }
        NodeId next = toVisit.remove(toVisit.size() - 1);
        agent.explain(search.profile().id(), ExplainStep.SEARCH, next, () -> "orthant search: no capable node around;"
                + " " + (toVisit.size() + 1) + " node(s) toward the job's requirements still to visit, next "
                + next.shortName());
        ctx.send(next, new OrthantSearch(search.profile(), search.owner(), search.trace().forwarded(),
                search.visited(), toVisit.toArray(NodeId[]::new), largest, idle.toArray(NodeId[]::new), search.round()));
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
    private String reason(JobProfile job, double[] largest, int capableWithoutCommands) {
        Requirements req = job.spec().requirements();
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
        StringBuilder all = new StringBuilder("no node meets all requirements together (");
        String sep = "";
        for (int d = 0; d < req.size(); d++) {
            if (req.constrains(d)) {
                all.append(sep).append(schema.dimension(d).name()).append(" >= ").append(format(req.get(d)))
                        .append(unit(schema.dimension(d)));
                sep = ", ";
            }
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
