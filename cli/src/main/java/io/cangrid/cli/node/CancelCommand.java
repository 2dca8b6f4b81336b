package io.cangrid.cli.node;

import io.cangrid.live.Role;
import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;
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
 * {@code cangrid cancel JOB}: ends a job CANCELLED, asked of any node (it carries the request to the job's
 * owner, which has the run node kill the run). Exit code 0 when this call cancelled the job, 1 when the job
 * had already ended or no owner knows it.
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

    @Parameters(index = "0", paramLabel = "JOB", description = "The job's id, as submit printed it.")
    private String job;

    @Override
    public Integer call() {
        JobId id = PeerOptions.jobId(job);
        CancelReply r = peer.call(Role.SUBMIT, grid -> grid.cancel(id));
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("job", id.toString());
        v.put("cancelled", r.cancelled());
        v.put("state", r.state() == null ? "UNKNOWN" : r.state().name());
        v.put("owner", address(r.owner()));
        v.put("reason", r.reason());
        if (json.enabled()) {
            JsonOutput.print(spec, v);
        } else {
            String line = r.cancelled() ? id + " CANCELLED" : id + " not cancelled: " + r.reason();
            spec.commandLine().getOut().println(line);
            spec.commandLine().getOut().flush();
        }
        return r.cancelled() ? ExitCodes.OK : ExitCodes.USER_ERROR;
    }

    private static String address(NodeId n) {
        return n == null ? null : n.hasAddress() ? n.host() + ":" + n.port() : n.shortName();
    }
}
