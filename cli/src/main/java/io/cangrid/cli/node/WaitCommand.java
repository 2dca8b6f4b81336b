package io.cangrid.cli.node;

import io.cangrid.cli.grid.JobView;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid wait JOB...}: waits until every job (every job of a cluster named by its id) ended and prints how each did. The exit code says how
 * they ended: 0 all COMPLETED with exit code 0, 4 some job failed, found no node, exited non-zero or is
 * known to no node (UNKNOWN, after {@code --unknown-after}), 5 the time ran out first.
 */
@Command(name = "wait", description = "Wait for jobs to end; exit 0 when all completed with exit code 0,"
        + " 4 when one did not (or no node knows it), 5 on timeout.")
public final class WaitCommand implements Callable<Integer> {

    public static final int SOME_FAILED = 4;
    public static final int TIMED_OUT = 5;
    static final long POLL_MILLIS = 200;
    /**
     * Polls in a row at which nobody knows a job before it ends the wait as UNKNOWN: one answer could come
     * from an owner taking over the job's zone that moment.
     */
    static final int UNKNOWN_POLLS = 3;

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = TimeSpan.Converter.class, defaultValue = "24h",
            description = "Give up after this long (default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    /**
     * How long nobody must have known a job: a job whose owner died is known for a while only to the node it
     * was submitted through (or the neighbour following it for that node), until that node tells the point's
     * new owner how it stands, or submits it again.
     */
    @Option(names = "--unknown-after", paramLabel = "DURATION", converter = TimeSpan.Converter.class,
            defaultValue = "15s", description = "Report a job UNKNOWN once no owner has known it for this long"
            + " (default: ${DEFAULT-VALUE}). A job whose node died with its owner is known again only when the"
            + " neighbour that followed it submits it again, after five client timeouts.")
    private Duration unknownAfter;

    @Mixin
    private ClusterOptions clusters;

    @Parameters(arity = "1..*", paramLabel = "JOB", description = "Job ids, or cluster ids (c<number>) standing for"
            + " all their jobs.")
    private List<String> jobs = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        Map<JobId, JobStatusReply> ended = new LinkedHashMap<>();
        Map<JobId, Integer> unknown = new LinkedHashMap<>();
        Map<JobId, Long> unknownSince = new LinkedHashMap<>();
        List<JobId> ids = JobRefs.ids(JobRefs.resolve(jobs, clusters, peer));
        long deadline = System.nanoTime() + timeout.toNanos();
        try (GridClient grid = peer.connect()) {
            while (ended.size() < ids.size() && System.nanoTime() < deadline) {
                for (JobId id : ids) {
                    if (!ended.containsKey(id)) {
                        JobStatusReply r = statusOrNull(grid, id);
                        if (r != null && r.state() != null && r.state().isTerminal()) {
                            ended.put(id, r);
                        } else if (r != null && r.state() == null && r.owner() != null) {
                            // An owner's "no record"; a node saying the owner did not answer (no owner named)
                            // knows no more than a lost answer, and is asked again.
                            long since = unknownSince.computeIfAbsent(id, k -> System.nanoTime());
                            if (unknown.merge(id, 1, Integer::sum) >= UNKNOWN_POLLS
                                    && System.nanoTime() - since >= unknownAfter.toNanos()) {
                                // Nobody knows it: a mistyped id, or one that ended long ago. Waiting would not help.
                                ended.put(id, r);
                            }
                        } else if (r != null && r.state() != null) {
                            unknown.put(id, Integer.MIN_VALUE); // known once: a later "no record" is a hand-over
                        }
                    }
                }
                if (ended.size() < ids.size()) {
                    Thread.sleep(POLL_MILLIS);
                }
            }
        }
        return report(ids, ended);
    }

    private static JobStatusReply statusOrNull(GridClient grid, JobId id) {
        try {
            return grid.status(id);
        } catch (GridClient.JobRefusedException e) {
            throw new UserError(e.getMessage(), e);
        } catch (IOException e) {
            if (e.getMessage() != null && (e.getMessage().contains("refused") || e.getMessage().contains("handshake")
                    || e.getMessage().contains("Connection refused"))) {
                throw new UserError(e.getMessage(), e);
            }
            return null; // the owner is being replaced: ask again on the next round
        }
    }

    private int report(List<JobId> ids, Map<JobId, JobStatusReply> ended) {
        List<Map<String, Object>> rows = new ArrayList<>();
        boolean allOk = true;
        for (JobId id : ids) {
            JobStatusReply r = ended.get(id);
            Map<String, Object> v = JobView.of(id, r);
            if (r == null) {
                v.put("state", "WAITING");
                v.put("reason", "still running when the wait ended");
            } else {
                allOk &= r.state() == JobState.COMPLETED && r.output() != null && r.output().exitCode() == 0
                        || r.state() == JobState.COMPLETED && r.output() == null;
            }
            rows.add(v);
        }
        int code = ended.size() < ids.size() ? TIMED_OUT : allOk ? 0 : SOME_FAILED;
        if (json.enabled()) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("jobs", rows);
            out.put("ended", ended.size());
            out.put("exitCode", code);
            JsonOutput.print(spec, out);
        } else {
            rows.forEach(v -> spec.commandLine().getOut().println(JobView.line(v)));
            spec.commandLine().getOut().flush();
        }
        return code;
    }
}
