package io.cangrid.cli.node;

import io.cangrid.cli.grid.GridDocuments;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.gateway.GridJobList;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid jobs}: the jobs that came in through one node, newest first, as that node knows them (the
 * state of a job not yet ended is the last its owner reported, a heartbeat period old at most). The node
 * lists the newest thousand; a line says so when there are more.
 */
@Command(name = "jobs", description = "List the jobs submitted through a node, newest first: id, name, state,"
        + " exit code, submission time; with a cluster id, only that cluster's.")
public final class JobsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Parameters(arity = "0..1", paramLabel = "CLUSTER", description = "Only the jobs of this cluster (c<number>,"
            + " as submit -f printed it).")
    private String cluster;

    @Override
    public Integer call() {
        if (cluster != null && !ClusterRecord.isClusterId(cluster.trim())) {
            throw new UserError("'" + cluster + "' is not a cluster id: a cluster id is c and a number, as submit -f"
                    + " printed it");
        }
        GridJobList list = peer.call(GridClient::jobs);
        List<Map<String, Object>> rows = GridDocuments.jobs(list);
        if (cluster != null) {
            String prefix = ClusterRecord.number(cluster.trim()) + ".";
            rows = rows.stream().filter(v -> v.get("name") instanceof String n && n.startsWith(prefix)).toList();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOutput.print(spec, rows);
        } else {
            out.printf("%-54s  %-20s %-9s %4s  %s%n", "job", "name", "state", "exit", "submitted");
            for (Map<String, Object> v : rows) {
                out.printf("%-54s  %-20s %-9s %4s  %s%n", v.get("job"), v.get("name") == null ? "-" : v.get("name"),
                        v.get("state"), v.get("exitCode") == null ? "-" : v.get("exitCode"), v.get("submitted"));
            }
            out.flush();
        }
        if (cluster == null && list.total() > rows.size()) {
            // On stderr, so that the JSON array on stdout stays one value a script can read.
            spec.commandLine().getErr().println("listed the newest " + rows.size() + " of " + list.total()
                    + " jobs this node took");
            spec.commandLine().getErr().flush();
        }
        return 0;
    }
}
