package io.cangrid.cli.node;

import io.cangrid.live.Role;
import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.overlay.NodeId;
import io.cangrid.cli.common.UserError;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import io.cangrid.jobs.message.CancelReply;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid cancel JOB...}: ends jobs CANCELLED, asked of any node (it carries each request to the job's
 * owner, which has the run node kill the run). A cluster id stands for every job of the cluster. Exit code 0
 * when this call cancelled every job named (for a cluster: every job that had not ended), 1 when a job had
 * already ended or no owner knows it.
 */
@Command(name = "cancel", description = "Cancel a job: it ends CANCELLED and its process is killed;"
        + " exit 1 when it had already ended.")
public final class CancelCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Mixin
    private ClusterOptions clusters;

    @Parameters(arity = "1..*", paramLabel = "JOB", description = "Job ids as submit printed them, or cluster ids"
            + " (c<number>) standing for all their jobs.")
    private List<String> jobs = new ArrayList<>();

    @Override
    public Integer call() {
        boolean one = jobs.size() == 1 && !JobRefs.namesCluster(jobs);
        List<JobRefs.Ref> refs = JobRefs.resolve(jobs, clusters, peer);
        List<Map<String, Object>> rows = new ArrayList<>();
        boolean allEnded = true;
        try (GridClient grid = peer.connect(Role.SUBMIT)) {
            for (JobRefs.Ref ref : refs) {
                CancelReply r = grid.cancel(ref.id());
                // A job of a cluster that had ended already is not a failure to cancel the cluster.
                allEnded &= r.cancelled() || !one && r.state() != null && r.state().isTerminal();
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("job", ref.id().toString());
                v.put("cancelled", r.cancelled());
                v.put("state", r.state() == null ? "UNKNOWN" : r.state().name());
                v.put("owner", address(r.owner()));
                v.put("reason", r.reason());
                rows.add(v);
                if (!json.enabled()) {
                    spec.commandLine().getOut().println(r.cancelled() ? ref.id() + " CANCELLED"
                            : ref.id() + " not cancelled: " + r.reason());
                }
            }
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
        if (json.enabled()) {
            JsonOutput.print(spec, one ? rows.get(0) : Map.of("jobs", rows));
        }
        spec.commandLine().getOut().flush();
        return allEnded ? ExitCodes.OK : ExitCodes.USER_ERROR;
    }

    private static String address(NodeId n) {
        return n == null ? null : n.hasAddress() ? n.host() + ":" + n.port() : n.shortName();
    }
}
