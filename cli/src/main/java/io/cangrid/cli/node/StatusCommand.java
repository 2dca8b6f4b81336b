package io.cangrid.cli.node;

import io.cangrid.cli.grid.JobView;

import io.cangrid.cli.grid.GridDocuments;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.message.JobStatusReply;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cangrid status JOB}: where a job stands, asked of any node (it asks the job's owner). */
@Command(name = "status", description = "Show a job's state, exit code, owner and run node.")
public final class StatusCommand implements Callable<Integer> {

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
        JobStatusReply r = peer.call(grid -> grid.status(id));
        Map<String, Object> v = GridDocuments.status(id, r);
        if (json.enabled()) {
            JsonOutput.print(spec, v);
        } else {
            spec.commandLine().getOut().println(JobView.line(v));
            spec.commandLine().getOut().flush();
        }
        return r.state() == null ? 1 : 0;
    }
}
