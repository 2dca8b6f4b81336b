package io.cangrid.cli.node;

import io.cangrid.cli.grid.JobView;

import io.cangrid.cli.grid.GridDocuments;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeMap;
import io.cangrid.jobs.message.JobStatusReply;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid status JOB...}: where jobs stand, asked of any node (it asks each job's owner). A cluster id
 * stands for every job of the cluster; with it, or with several ids, {@code --json} prints
 * {@code {"jobs": [...], "states": {STATE: count}}}.
 */
@Command(name = "status", description = "Show jobs' state, exit code, owner and run node; a cluster id stands for"
        + " all its jobs.")
public final class StatusCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Mixin
    private ClusterOptions clusters;

    @Parameters(arity = "1..*", paramLabel = "JOB", description = "Job ids as submit printed them, or cluster ids"
            + " (c<number>) as submit -f printed them.")
    private List<String> jobs = new ArrayList<>();

    @Override
    public Integer call() {
        boolean one = jobs.size() == 1 && !JobRefs.namesCluster(jobs);
        List<JobRefs.Ref> refs = JobRefs.resolve(jobs, clusters, peer);
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Integer> states = new TreeMap<>();
        boolean allKnown = true;
        try (GridClient grid = peer.connect()) {
            for (JobRefs.Ref ref : refs) {
                JobStatusReply r = grid.status(ref.id());
                allKnown &= r.state() != null;
                Map<String, Object> v = GridDocuments.status(ref.id(), r);
                states.merge(String.valueOf(v.get("state")), 1, Integer::sum);
                rows.add(v);
            }
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
        if (json.enabled()) {
            if (one) {
                JsonOutput.print(spec, rows.get(0));
            } else {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("jobs", rows);
                out.put("states", states);
                JsonOutput.print(spec, out);
            }
        } else {
            rows.forEach(v -> spec.commandLine().getOut().println(JobView.line(v)));
            spec.commandLine().getOut().flush();
        }
        return allKnown ? 0 : 1;
    }
}
