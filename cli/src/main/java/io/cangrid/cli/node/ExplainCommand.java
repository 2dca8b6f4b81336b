package io.cangrid.cli.node;

import io.cangrid.cli.JsonOption;
import io.cangrid.cli.JsonOutput;
import io.cangrid.cli.UserError;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.net.GridClient;
import io.cangrid.overlay.job.ExplainStep;
import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.message.JobStatusReply;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid explain JOB}: why a job waits and where it went. It asks the node given for the job's
 * status (which names its owner and run node), then follows the job's trail from that node, the owner and
 * the run node on to every node their steps name ({@link ExplainWalk}), and prints every step in the order
 * of the nodes' clocks, the current status last. Exit code 1 when no node knows anything of the job.
 */
@Command(name = "explain", description = "Explain a job: its route to the owner, the candidates matchmaking"
        + " weighed, pushes, re-matches and its placement.")
public final class ExplainCommand implements Callable<Integer> {

    /** How long following the trail may take, over all nodes. */
    static final long WALK_MILLIS = 20_000;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault());

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Parameters(index = "0", paramLabel = "JOB", description = "The job's id, as submit printed it.")
    private String job;

    @Override
    public Integer call() {
        JobId id = PeerOptions.jobId(job);
        HostPort at = peer.peer();
        JobStatusReply status;
        ExplainWalk.Result trail;
        try (GridClient grid = peer.connect()) {
            try {
                status = grid.status(id);
            } catch (IOException e) {
                throw new UserError(e.getMessage(), e);
            }
            List<HostPort> start = new ArrayList<>();
            start.add(at);
            addressOf(status.owner(), start);
            addressOf(status.runNode(), start);
            trail = new ExplainWalk(hp -> grid.explainAt(hp.host(), hp.port(), id), System::currentTimeMillis,
                    WALK_MILLIS).follow(start);
        }
        Map<String, Object> v = JobView.of(id, status);
        if (json.enabled()) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("job", v.get("job"));
            out.put("state", v.get("state"));
            out.put("owner", v.get("owner"));
            out.put("runNode", v.get("runNode"));
            out.put("reason", v.get("reason"));
            out.put("steps", trail.steps().stream().map(ExplainCommand::json).toList());
            out.put("incomplete", trail.incomplete());
            JsonOutput.print(spec, out);
        } else {
            print(spec.commandLine().getOut(), v, trail);
        }
        return status.state() == null && trail.steps().isEmpty() ? 1 : 0;
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

    static void print(PrintWriter out, Map<String, Object> status, ExplainWalk.Result trail) {
        out.println("job " + status.get("job"));
        if (trail.steps().isEmpty()) {
            out.println("  no node kept any step of this job (explanations are kept 24 h, on live nodes only)");
        }
        for (ExplainStep s : trail.steps()) {
            String node = s.node() == null ? "?" : s.node().shortName();
            out.printf("  %s  %-8s %-11s %s%s%n", CLOCK.format(Instant.ofEpochMilli(s.at())), node, s.kind(),
                    s.detail(), s.next() == null ? "" : "  -> " + s.next().shortName());
        }
        for (String gap : trail.incomplete()) {
            out.println("  (incomplete: no steps from " + gap + ")");
        }
        out.println("now: " + JobView.line(status));
        out.flush();
    }
}
