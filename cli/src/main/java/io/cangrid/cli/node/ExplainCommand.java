package io.cangrid.cli.node;

import io.cangrid.cli.grid.ExplainWalk;
import io.cangrid.cli.grid.Explanation;
import io.cangrid.cli.grid.JobView;

import io.cangrid.cli.common.HostPort;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobId;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
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
        Explanation found = peer.call(grid -> Explanation.follow(grid, at, id));
        if (json.enabled()) {
            JsonOutput.print(spec, found.json());
        } else {
            print(spec.commandLine().getOut(), found.status(), found.trail());
        }
        return found.unknown() ? 1 : 0;
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
