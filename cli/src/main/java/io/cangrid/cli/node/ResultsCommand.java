package io.cangrid.cli.node;

import io.cangrid.cli.grid.JobView;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.live.Role;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
 * {@code cangrid results JOB}: what an ended job left behind; {@code results CLUSTER} (or several ids): what
 * each ended job of them left, each in its place (see {@link #many()}). Without {@code --dir} its standard output is
 * printed on stdout and its standard error on stderr; with it, {@code stdout}, {@code stderr} and
 * {@code exit-code} are written into the directory and the output files into its {@code outputs/}.
 */
@Command(name = "results", description = "Fetch an ended job's output: stdout, stderr, exit code, output files;"
        + " exit 0 when it completed with exit code 0, 4 when not.")
public final class ResultsCommand implements Callable<Integer> {

    /** The subdirectory of {@code --dir} that holds the job's output files. */
    static final String OUTPUTS = "outputs";

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Option(names = "--dir", paramLabel = "D", description = "Write stdout, stderr and exit-code into this"
            + " directory, and the output files into D/outputs/.")
    private Path dir;

    @Option(names = "--remove", description = "Delete the result the node asked has stored, after fetching it.")
    private boolean remove;

    @Mixin
    private ClusterOptions clusters;

    @Parameters(arity = "1..*", paramLabel = "JOB", description = "The job's id; or a cluster id (c<number>), whose"
            + " jobs' results go where the submit file said (or into D/CLUSTER.PROCESS/ with --dir).")
    private List<String> jobs = new ArrayList<>();

    @Override
    public Integer call() {
        if (jobs.size() > 1 || JobRefs.namesCluster(jobs)) {
            return many();
        }
        JobId id = PeerOptions.jobId(jobs.get(0));
        try (GridClient grid = peer.connect(remove ? Role.SUBMIT : Role.READ)) {
            JobStatusReply r = grid.status(id);
            if (r.state() == null || !r.state().isTerminal()) {
                throw new UserError("job " + id + " has not ended (" + (r.state() == null ? "no record: " + r.reason()
                        : r.state()) + ")");
            }
            JobOutput out = r.output();
            if (dir != null) {
                write(dir, out);
                LargeOutputs.fetch(grid, r, dir.resolve(OUTPUTS), spec.commandLine().getErr());
            } else if (out != null && out.stored().length > 0) {
                spec.commandLine().getErr().println("cangrid: the job has " + out.stored().length + " large output"
                        + " file(s); give --dir D to fetch them");
            }
            if (json.enabled()) {
                JsonOutput.print(spec, view(id, r));
            } else if (dir == null && out != null) {
                spec.commandLine().getOut().print(out.stdout());
                spec.commandLine().getOut().flush();
                PrintWriter err = spec.commandLine().getErr();
                err.print(out.stderr());
                err.flush();
            } else if (out == null) {
                spec.commandLine().getOut().println(JobView.line(JobView.of(id, r)));
                spec.commandLine().getOut().flush();
            }
            if (remove) {
                grid.remove(id);
            }
            // What was fetched was fetched; the code says, as wait's does, whether the job did what was asked.
            return r.state() == JobState.COMPLETED && (out == null || out.exitCode() == 0) ? 0 : WaitCommand.SOME_FAILED;
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /**
     * The results of several jobs, or of a cluster's: each job's into {@code D/NAME/} with --dir (NAME its
     * cluster and process numbers, else its id's key), else where the submit file said. A job that has not
     * ended is reported and skipped.
     */
    private int many() {
        List<JobRefs.Ref> refs = JobRefs.resolve(jobs, clusters, peer);
        if (dir == null && refs.stream().anyMatch(r -> r.record() == null)) {
            throw new UserError("results of jobs this machine did not submit from a file go into a directory: give"
                    + " --dir D (a cluster submitted here has its output, error and log written where its submit"
                    + " file says)");
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        boolean allOk = true;
        Map<String, ClusterFiles> byCluster = new LinkedHashMap<>();
        try (GridClient grid = peer.connect(remove ? Role.SUBMIT : Role.READ)) {
            for (JobRefs.Ref ref : refs) {
                JobStatusReply r;
                try {
                    r = grid.status(ref.id());
                } catch (IOException e) {
                    // One job's owner out of reach leaves the others' results to fetch.
                    allOk = false;
                    rows.add(new LinkedHashMap<>(Map.of("job", ref.id().toString(), "error", e.getMessage())));
                    if (!json.enabled()) {
                        spec.commandLine().getOut().println(ref.id() + ": no answer (" + e.getMessage()
                                + "); try again");
                    }
                    continue;
                }
                Map<String, Object> v = view(ref.id(), r);
                rows.add(v);
                boolean ended = r.state() != null && r.state().isTerminal();
                if (!ended) {
                    allOk = false;
                    if (!json.enabled()) {
                        spec.commandLine().getOut().println(JobView.line(JobView.of(ref.id(), r)) + " (not ended: no"
                                + " results yet)");
                    }
                    continue;
                }
                allOk &= r.state() == JobState.COMPLETED && (r.output() == null || r.output().exitCode() == 0);
                if (dir != null) {
                    write(dir.resolve(subdirectory(ref)), r.output());
                    LargeOutputs.fetch(grid, r, dir.resolve(subdirectory(ref)).resolve(OUTPUTS),
                            spec.commandLine().getErr());
                } else {
                    ClusterRecord record = ClusterRecord.load(clusters.dir(), ref.cluster());
                    byCluster.computeIfAbsent(ref.cluster(), c -> new ClusterFiles(record.peer(),
                            Instant.parse(record.submitted()))).put(ref.cluster(), ref.record(), r);
                    LargeOutputs.fetch(grid, r, Path.of(ref.record().directory()), spec.commandLine().getErr());
                }
                if (!json.enabled()) {
                    spec.commandLine().getOut().println(JobView.line(JobView.of(ref.id(), r)));
                }
                if (remove) {
                    grid.remove(ref.id());
                }
            }
            for (ClusterFiles files : byCluster.values()) {
                files.finish();
            }
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
        if (json.enabled()) {
            JsonOutput.print(spec, Map.of("jobs", rows));
        }
        spec.commandLine().getOut().flush();
        return allOk ? 0 : WaitCommand.SOME_FAILED;
    }

    private static String subdirectory(JobRefs.Ref ref) {
        if (ref.cluster() != null && ref.record() != null) {
            return ref.cluster().substring(1) + "." + ref.record().process();
        }
        String id = ref.id().toString();
        return id.substring(0, id.indexOf('@'));
    }

    /**
     * {@code stdout}, {@code stderr} and {@code exit-code} in the directory, the job's output files in its
     * {@code outputs/} subdirectory: names chosen by the job never replace what the run node reported. Nothing
     * is written through a link that was in the way.
     */
    private static void write(Path dir, JobOutput out) throws IOException {
        Files.createDirectories(dir);
        if (out == null) {
            return;
        }
        ResultFile.replace(dir.resolve("stdout"), out.stdout().getBytes(StandardCharsets.UTF_8));
        ResultFile.replace(dir.resolve("stderr"), out.stderr().getBytes(StandardCharsets.UTF_8));
        ResultFile.replace(dir.resolve("exit-code"), (out.exitCode() + "\n").getBytes(StandardCharsets.UTF_8));
        if (out.files().length > 0) {
            Path outputs = Files.createDirectories(dir.resolve(OUTPUTS));
            for (InputFile f : out.files()) {
                ResultFile.replace(outputs.resolve(f.name()), f.content());
            }
        }
    }

    private static Map<String, Object> view(JobId id, JobStatusReply r) {
        Map<String, Object> v = JobView.of(id, r);
        JobOutput out = r.output();
        if (out != null) {
            v.put("stdout", out.stdout());
            v.put("stderr", out.stderr());
            List<String> files = new ArrayList<>();
            for (InputFile f : out.files()) {
                files.add(f.name());
            }
            for (FileRef f : out.stored()) {
                files.add(f.name());
            }
            v.put("files", files);
            v.put("notes", out.notes());
        }
        return v;
    }
}
