package io.cangrid.cli.grid;


import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.inspect.PeersReply;
import io.cangrid.can.message.NodeZones;
import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.common.UserError;
import io.cangrid.hygra.grid.HygraReport;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.Message;
import io.cangrid.jobs.files.FileStats;
import io.cangrid.jobs.files.FileStatsQuery;
import io.cangrid.overlay.PeersRequest;
import java.time.Duration;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.gateway.GridJobList;
import io.cangrid.jobs.gateway.TakenJob;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.live.LiveClient;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON documents the client commands print with {@code --json}, built in one place so that the
 * commands and the node's dashboard API ({@code /api/...}) answer alike: maps in a fixed field order.
 */
public final class GridDocuments {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(GridDocuments.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** The walk of {@link #nodes} stops here: an operator's view, not a crawler. */
    public static final int MAX_NODES = 10_000;

    private GridDocuments() {
    }

    /** {@code peers --json}: one node's state, asked of the node at {@code at}. */
    public static Map<String, Object> peer(LiveClient c, HostPort at) {
        return withFiles(c, at, askPeer(c, at));
    }

    /** The node's state {@code r} as a document, with what its file transfers moved ({@code files}; null when it does not say). */
    public static Map<String, Object> withFiles(LiveClient c, HostPort at, Message r) {
        Map<String, Object> view = new java.util.LinkedHashMap<>(PeerView.of(r));
        view.put("files", files(c, at));
        return view;
    }

    private static Map<String, Object> files(LiveClient c, HostPort at) {
        try {
            Message m = c.ask(at.host(), at.port(), new FileStatsQuery(0), TIMEOUT);
            if (m instanceof FileStats f) {
                Map<String, Object> v = new java.util.LinkedHashMap<>();
                v.put("storedChunks", f.storedChunks());
                v.put("storedBytes", f.storedBytes());
                v.put("servedBytes", f.servedBytes());
                v.put("fetchedBytes", f.fetchedBytes());
                v.put("uploadedBytes", f.uploadedBytes());
                v.put("badChunks", f.badChunks());
                return v;
            }
            log.warn("{} answered a question about its file transfers with {}", at, m.getClass().getSimpleName());
        } catch (IOException e) {
            log.warn("{} did not say what its file transfers moved: {}", at, e.getMessage());
        }
        return null;
    }

    /**
     * {@code nodes --json}: every node found by walking neighbour tables (or HYGRA links) breadth first
     * from {@code start}, with the checks the simulation's inspector makes.
     */
    public static Map<String, Object> nodes(LiveClient c, HostPort start) {
        List<Message> found = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        Message first = askPeer(c, start);
        found.add(first);
        Set<Long> seen = new HashSet<>();
        seen.add(nodeOf(first).value());
        ArrayDeque<NodeId> queue = new ArrayDeque<>();
        enqueue(first, seen, queue);
        while (!queue.isEmpty() && found.size() < MAX_NODES) {
            NodeId next = queue.poll();
            try {
                Message r = askPeer(c, new HostPort(next.host(), next.port()));
                found.add(r);
                enqueue(r, seen, queue);
            } catch (UserError e) {
                unreachable.add(PeerView.hex(next) + "@" + PeerView.address(next));
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Message r : found) {
            rows.add(PeerView.of(r));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", rows);
        out.put("count", rows.size());
        out.put("unreachable", unreachable);
        if (first instanceof HygraReport) {
            HygraLinkCheck check = HygraLinkCheck.of(found);
            out.put("overlay", "HYGRA");
            out.put("degreeLimitsOk", check.degreeLimitsOk());
            out.put("linksSymmetric", check.linksSymmetric());
            out.put("problems", check.problems());
        } else {
            List<NodeReport> active = new ArrayList<>();
            for (Message m : found) {
                if (m instanceof PeersReply r && CanPhase.ACTIVE.name().equals(r.phase())) {
                    active.add(r.report());
                }
            }
            OverlayInspector.Report check = OverlayInspector.inspectReports(active);
            out.put("overlay", "CAN");
            out.put("dimensions", dimensionNames());
            out.put("volumeSum", check.volumeSum());
            out.put("tilingOk", check.tilingOk());
            out.put("neighbourTablesOk", check.neighbourTablesOk());
            out.put("problems", check.examples());
        }
        return out;
    }

    /** {@code jobs --json}: the jobs that came in through a node, newest first. */
    public static List<Map<String, Object>> jobs(GridJobList list) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TakenJob t : list.jobs()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("job", t.job().toString());
            v.put("name", t.name());
            v.put("state", t.state().name());
            v.put("exitCode", t.exitCode());
            v.put("submitted", Instant.ofEpochMilli(t.submittedAt()).toString());
            rows.add(v);
        }
        return rows;
    }

    /** {@code status --json}: where a job stands; {@code r} null when no node answered. */
    public static Map<String, Object> status(JobId id, JobStatusReply r) {
        return JobView.of(id, r);
    }

    /**
     * {@code explain --json}: the job's trail, followed from the node at {@code at} (which {@code grid}
     * talks to), its owner and its run node.
     */
    public static Map<String, Object> explain(GridClient grid, HostPort at, JobId id) throws IOException {
        return Explanation.follow(grid, at, id).json();
    }

    /**
     * {@code text} as the id of a job of a live grid: one coordinate per dimension of the live schema, then
     * the virtual one. An id of another shape (a grid of an older build, without cores) names a point no
     * live node can route to, so it is refused here rather than asked about.
     *
     * @throws IllegalArgumentException when {@code text} is no job id, or one of another space
     */
    public static JobId liveJobId(String text) {
        JobId id = JobId.parse(text);
        ResourceSchema schema = ResourceSchema.desktopSchema();
        if (id.realDimensions() != schema.realDimensions()) {
            throw new IllegalArgumentException("it has " + id.realDimensions() + " resource coordinate(s), and a live"
                    + " grid's job ids have " + schema.realDimensions() + " (" + String.join(", ",
                    dimensionNames().subList(0, schema.realDimensions())) + ") before the virtual one");
        }
        return id;
    }

    /** The names of a live grid's axes, in the order of the zones' coordinates: capabilities, then virtual. */
    public static List<String> dimensionNames() {
        List<String> names = new ArrayList<>();
        for (ResourceDimension d : ResourceSchema.desktopSchema().dimensions()) {
            names.add(d.name());
        }
        names.add("virtual");
        return names;
    }

    public static NodeId nodeOf(Message reply) {
        return reply instanceof PeersReply r ? r.report().node() : ((HygraReport) reply).node();
    }

    private static void enqueue(Message reply, Set<Long> seen, ArrayDeque<NodeId> queue) {
        List<NodeId> next = new ArrayList<>();
        if (reply instanceof PeersReply r) {
            for (NodeZones n : r.neighbours()) {
                next.add(n.node());
            }
        } else {
            for (NodeState n : ((HygraReport) reply).links()) {
                next.add(n.node());
            }
        }
        for (NodeId n : next) {
            if (n.hasAddress() && seen.add(n.value())) {
                queue.add(n);
            }
        }
    }
    /** The node's state: a {@link PeersReply} from a CAN node, a {@link HygraReport} from a HYGRA one. */
    /** One node's own report, asked of the node at {@code at}: the CAN's or HYGRA's. */
    public static Message askPeer(LiveClient c, HostPort at) {
        Message m;
        try {
            m = c.ask(at.host(), at.port(), new PeersRequest(1), TIMEOUT);
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
        if (m instanceof PeersReply || m instanceof HygraReport) {
            return m;
        }
        throw new UserError(at + " answered with " + m.getClass().getSimpleName() + " instead of its state");
    }

}
