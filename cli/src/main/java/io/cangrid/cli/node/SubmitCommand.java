package io.cangrid.cli.node;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.common.Validation;
import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.grid.GridDocuments;
import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.cli.submit.InputSizes;
import io.cangrid.cli.submit.ClusterSpecs;
import io.cangrid.cli.submit.ExpandedJob;
import io.cangrid.cli.submit.JobLines;
import io.cangrid.cli.submit.SubmitFile;
import io.cangrid.cli.submit.SubmitFileException;
import io.cangrid.live.LiveClient;
import io.cangrid.live.Role;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.ExprSyntaxException;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
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
 * {@code cangrid submit}: hands a command to the grid through any node and prints the job's id once the
 * job's owner holds it. Everything that can be checked here (sizes, files, requirements) is checked before
 * anything is sent, so a refused submission leaves nothing behind.
 *
 * <p>{@code submit -f FILE} reads an HTCondor submit description file instead and submits the jobs it expands
 * to as a cluster, whole or not at all, printing the cluster's id ({@code c<number>}), which {@code status},
 * {@code wait}, {@code results}, {@code cancel} and {@code jobs} take as well as job ids; with
 * {@code --dry-run} it prints the jobs, one JSON object a line, submitting nothing (see {@link SubmitFile}).
 */
@Command(name = "submit", description = {"Submit a job: cangrid submit [options] -- CMD ARGS...; prints its id.",
        "Or submit the jobs of an HTCondor submit file as a cluster: cangrid submit -f FILE; prints the cluster's"
                + " id. With --dry-run, prints the jobs it expands to and submits nothing."})
public final class SubmitCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private PeerOptions peer;

    @Option(names = "--min-cpu", paramLabel = "X", converter = NonNegative.class,
            description = "Minimum cpu speed (relative to a 2.5 GHz core).")
    private double minCpu;

    @Option(names = {"--memory", "--min-memory"}, paramLabel = "SIZE", converter = ByteSize.Converter.class,
            description = "Memory the job needs, e.g. 4GiB: only nodes with as much take it, and it is reserved for"
                    + " the job while it runs.")
    private long minMemory;

    @Option(names = "--cores", paramLabel = "K", defaultValue = "1",
            description = "Cores the job takes while it runs: only nodes lending as many take it"
                    + " (default: ${DEFAULT-VALUE}).")
    private int cores;

    @Option(names = "--min-disk", paramLabel = "SIZE", converter = ByteSize.Converter.class,
            description = "Minimum free disk, e.g. 10GiB.")
    private long minDisk;

    @Option(names = "--require", paramLabel = "EXPR", description = "What a machine must satisfy, in HTCondor's"
            + " ClassAd language, the machine being other: e.g. 'other.OpSys == \"LINUX\" && other.Memory >= 4G'"
            + " (sizes in MiB).")
    private String require;

    @Option(names = "--rank", paramLabel = "EXPR", description = "How much the job prefers a machine, higher"
            + " better, e.g. 'other.CpuSpeed'.")
    private String rank;

    @Option(names = "--input", paramLabel = "FILE", description = "A file placed in the job's directory (repeatable;"
            + " at most 256 KiB in all).")
    private List<Path> inputs = new ArrayList<>();

    @Option(names = "--output", paramLabel = "NAME", description = "A file the job writes, collected with its"
            + " result (repeatable).")
    private List<String> outputs = new ArrayList<>();

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "An environment variable (repeatable).")
    private List<String> env = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "DURATION", converter = TimeSpan.Converter.class,
            description = "Wall-clock limit, e.g. 10m; the job's process tree is killed then (default: none).")
    private Duration timeout;

    @Option(names = "--work", paramLabel = "SECONDS", defaultValue = "1", converter = NonNegative.class,
            description = "Expected run time on a cpu-1.0 node, for matchmaking (default: ${DEFAULT-VALUE}).")
    private double work;

    @Option(names = "--name", paramLabel = "N", description = "A name for the job.")
    private String name;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "An HTCondor submit description file:"
            + " its jobs are submitted as a cluster; with --dry-run, printed, one JSON object a line.")
    private Path submitFile;

    @Option(names = "--dry-run", description = "With -f: print the jobs the file expands to and submit nothing.")
    private boolean dryRun;

    /** The options that describe a single job, which a submit file describes itself. */
    private static final List<String> JOB_OPTIONS = List.of("--min-cpu", "--memory", "--cores", "--min-disk",
            "--require", "--rank", "--input", "--output", "--env", "--timeout", "--work", "--name");

    @Parameters(arity = "0..*", paramLabel = "CMD", description = "The command and its arguments, after '--'.")
    private List<String> command = new ArrayList<>();

    @Mixin
    private ClusterOptions clusters;

    private final SecureRandom random = new SecureRandom();
    private final List<Path> largeInputs = new ArrayList<>();

    @Override
    public Integer call() {
        if (submitFile != null) {
            return submitFile();
        }
        if (dryRun) {
            throw Validation.fail(spec, "--dry-run goes with a submit file: submit -f FILE --dry-run");
        }
        if (command.isEmpty()) {
            throw Validation.fail(spec, "Missing required parameter: 'CMD' (submit [options] -- CMD ARGS...)");
        }
        JobSpec job = spec();
        try (GridClient grid = peer.connect(Role.SUBMIT)) {
            if (!largeInputs.isEmpty()) {
                LargeInputs uploads = new LargeInputs(grid, spec.commandLine().getErr());
                job = job.withCommand(job.command().withFiles(uploads.upload(largeInputs)));
            }
            JobId id = grid.submit(job);
            if (json.enabled()) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("job", id.toString());
                out.put("peer", peer.peer().toString());
                JsonOutput.print(spec, out);
            } else {
                spec.commandLine().getOut().println(id);
                spec.commandLine().getOut().flush();
            }
            return 0;
        } catch (GridClient.JobRefusedException e) {
            throw new UserError("the grid refused the job: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /**
     * Submits the jobs of the submit file as one cluster (or several, where the file changes its executable),
     * or with --dry-run prints them; nothing is sent or printed unless the whole file expands and checks.
     */
    private int submitFile() {
        if (!command.isEmpty()) {
            throw Validation.fail(spec, "give a submit file (-f FILE) or a command (-- CMD), not both");
        }
        for (String option : JOB_OPTIONS) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw Validation.fail(spec, option + " describes a job given as -- CMD; with -f the submit file"
                        + " describes its jobs");
            }
        }
        try {
            if (dryRun) {
                JobLines.print(spec.commandLine().getOut(), SubmitFile.expand(submitFile));
                return 0;
            }
            // A number of its own for the cluster, so that $(Cluster) in the file names this submission.
            int first = 1_000_000 + random.nextInt(1_000_000_000);
            List<ExpandedJob> jobs = SubmitFile.expand(submitFile, first);
            List<JobSpec> specs = ClusterSpecs.of(submitFile, jobs);
            HostPort at = peer.peer();
            try (LiveClient walker = peer.client.liveClient()) {
                LargestNode.of(GridDocuments.nodes(walker, at)).check(submitFile, jobs);
            }
            Map<Integer, List<JobId>> taken;
            try (GridClient grid = peer.connect(Role.SUBMIT)) {
                LargeInputs uploads = new LargeInputs(grid, spec.commandLine().getErr());
                for (int i = 0; i < jobs.size(); i++) {
                    List<Path> large = ClusterSpecs.largeInputs(jobs.get(i));
                    if (!large.isEmpty()) {
                        JobSpec s = specs.get(i);
                        specs.set(i, s.withCommand(s.command().withFiles(uploads.upload(large))));
                    }
                }
                taken = ClusterSubmission.submit(grid, submitFile, jobs, specs);
            } catch (IOException e) {
                throw new UserError("uploading the inputs of " + submitFile + ": " + e.getMessage(), e);
            }
            List<Map<String, Object>> out = new ArrayList<>();
            for (Map.Entry<Integer, List<JobId>> c : taken.entrySet()) {
                ClusterRecord record = ClusterSubmission.record(c.getKey(), peer.peer().toString(), submitFile, jobs,
                        c.getValue());
                save(record);
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("cluster", record.cluster());
                v.put("jobs", c.getValue().stream().map(JobId::toString).toList());
                out.add(v);
            }
            if (json.enabled()) {
                JsonOutput.print(spec, Map.of("clusters", out, "peer", peer.peer().toString()));
            } else {
                for (Map<String, Object> v : out) {
                    spec.commandLine().getOut().println(((List<?>) v.get("jobs")).size() + " job(s) submitted to cluster "
                            + v.get("cluster") + ".");
                }
                spec.commandLine().getOut().flush();
            }
            return 0;
        } catch (SubmitFileException e) {
            throw new UserError(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while submitting " + submitFile, e);
        }
    }

    private void save(ClusterRecord record) {
        try {
            record.save(clusters.dir());
        } catch (IOException e) {
            // The jobs are in the grid; without the record the cluster id still works through the node asked.
            spec.commandLine().getErr().println("cangrid: cluster " + record.cluster() + " was submitted, but this"
                    + " machine's record of it could not be written in " + clusters.dir() + ": " + e.getMessage());
            spec.commandLine().getErr().flush();
        }
    }

    private JobSpec spec() {
        try {
            Map<String, Number> minimums = new LinkedHashMap<>();
            minimums.put("cpu", minCpu);
            minimums.put("memory", minMemory / (double) (1L << 20));
            minimums.put("disk", minDisk / (double) (1L << 30));
            JobCommand cmd = new JobCommand(command.toArray(String[]::new), env.toArray(String[]::new), readInputs(),
                    outputs.toArray(String[]::new), timeout == null ? 0 : timeout.toMillis());
            // The cores are a requirement too: the job's point lies at K on the cores axis, so only nodes
            // lending K or more are matched, and a job wider than every node ends NO_MATCH naming cores.
            ResourceSchema schema = ResourceSchema.desktopSchema();
            JobSpec job = JobSpec.requiring(schema, minimums, work, name).withCommand(cmd).withCores(schema, cores);
            if (require != null || rank != null) {
                JobExpressions expressions = expressions();
                try {
                    job = job.withExpressions(expressions, schema);
                } catch (IllegalArgumentException e) {
                    throw Validation.fail(spec, "--require: " + e.getMessage());
                }
            }
            return job;
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    private JobExpressions expressions() {
        String which = "--require";
        try {
            Expr.parse(require == null ? "true" : require);
            which = "--rank";
            return new JobExpressions(require, rank);
        } catch (ExprSyntaxException e) {
            throw Validation.fail(spec, which + ": " + e.oneLine());
        }
    }

    /** The small inputs, read; the large ones are kept in {@link #largeInputs} to be uploaded. */
    private InputFile[] readInputs() {
        List<InputFile> files = new ArrayList<>();
        InputSizes sizes = new InputSizes();
        for (Path p : inputs) {
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                throw new UserError("input file " + p + " does not exist or cannot be read");
            }
            try {
                if (sizes.large(p)) {
                    largeInputs.add(p);
                } else {
                    files.add(new InputFile(p.getFileName().toString(), Files.readAllBytes(p)));
                }
            } catch (IllegalStateException e) {
                throw new UserError(e.getMessage(), e);
            } catch (IOException e) {
                throw new UserError("cannot read input file " + p + ": " + e.getMessage(), e);
            }
        }
        return files.toArray(InputFile[]::new);
    }
}
