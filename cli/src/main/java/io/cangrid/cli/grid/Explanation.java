package io.cangrid.cli.grid;

import io.cangrid.cli.common.HostPort;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code explain} finds of a job: its status as the node asked knows it ({@link JobView}'s map) and its
 * trail across the grid. The walk starts at the node asked, the job's owner and its run node.
 */
public record Explanation(JobStatusReply reply, Map<String, Object> status, ExplainWalk.Result trail) {

    /** How long following the trail may take, over all nodes. */
    public static final long WALK_MILLIS = 20_000;

    public static Explanation follow(GridClient grid, HostPort at, JobId id) throws IOException {
        JobStatusReply status = grid.status(id);
        List<HostPort> start = new ArrayList<>();
        start.add(at);
        addressOf(status.owner(), start);
        addressOf(status.runNode(), start);
        ExplainWalk.Result trail = new ExplainWalk(hp -> grid.explainAt(hp.host(), hp.port(), id),
                System::currentTimeMillis, WALK_MILLIS).follow(start);
        return new Explanation(status, JobView.of(id, status), trail);
    }

    /** No node knows anything of the job. */
    public boolean unknown() {
        return reply.state() == null && trail.steps().isEmpty();
    }

    /** {@code explain --json}. */
    public Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("job", status.get("job"));
        out.put("state", status.get("state"));
        out.put("owner", status.get("owner"));
        out.put("runNode", status.get("runNode"));
        out.put("reason", status.get("reason"));
        out.put("steps", trail.steps().stream().map(Explanation::json).toList());
        out.put("incomplete", trail.incomplete());
        return out;
    }

    private static void addressOf(NodeId node, List<HostPort> into) {
        if (node != null && node.hasAddress()) {
            into.add(new HostPort(node.host(), node.port()));
        }
    }

    private static Map<String, Object> json(ExplainStep s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("node", s.node() == null ? null : s.node().shortName());
        m.put("address", s.node() == null || !s.node().hasAddress() ? null : s.node().host() + ":" + s.node().port());
        m.put("at", s.at());
        m.put("kind", s.kind());
        m.put("detail", s.detail());
        m.put("next", s.next() == null ? null : s.next().shortName());
        m.put("from", s.from() == null ? null : s.from().shortName());
        return m;
    }
}
