package io.cangrid.cli.submit;

import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The jobs of a submit file as the grid takes them, every one built and checked before any is sent, so that a
 * cluster is submitted whole or not at all. A job is named {@code CLUSTER.PROCESS} (HTCondor's job id), which
 * is how the node it came in through lists it.
 */
public final class ClusterSpecs {

    private ClusterSpecs() {
    }

    /** The name a job of a cluster has on the grid. */
    public static String jobName(int cluster, int process) {
        return cluster + "." + process;
    }

    /**
     * The spec of each job of {@code jobs}, in order.
     *
     * @throws SubmitFileException naming the line of what cannot be sent: an input file that cannot be read
     *     or is too large, an output file name the grid refuses
     */
    public static List<JobSpec> of(Path file, List<ExpandedJob> jobs) {
        ResourceSchema schema = ResourceSchema.desktopSchema();
        List<JobSpec> specs = new ArrayList<>(jobs.size());
        for (ExpandedJob job : jobs) {
            specs.add(spec(file, schema, job));
        }
        return specs;
    }

    private static JobSpec spec(Path file, ResourceSchema schema, ExpandedJob job) {
        List<String> argv = new ArrayList<>();
        argv.add(job.executable());
        argv.addAll(job.arguments());
        List<String> env = new ArrayList<>();
        job.environment().forEach((k, v) -> env.add(k + "=" + v));
        JobCommand command;
        try {
            command = new JobCommand(argv.toArray(String[]::new), env.toArray(String[]::new), inputs(file, job),
                    job.transferOutputFiles().toArray(String[]::new), 0);
        } catch (IllegalArgumentException e) {
            throw new SubmitFileException(file, job.line(lineOf(e.getMessage())), e.getMessage(), e);
        }
        Map<String, Number> minimums = new LinkedHashMap<>();
        minimums.put("cpu", 0);
        minimums.put("memory", job.requestMemoryMib() == null ? 0 : job.requestMemoryMib());
        // request_disk is in KiB; the grid's disk axis is in GiB.
        minimums.put("disk", job.requestDiskKib() == null ? 0 : job.requestDiskKib() / (double) (1L << 20));
        try {
            JobSpec spec = JobSpec.requiring(schema, minimums, 1, jobName(job.cluster(), job.process()))
                    .withCommand(command).withCores(schema, job.requestCpus());
            if (job.requirements() != null || job.rank() != null) {
                try {
                    spec = spec.withExpressions(new JobExpressions(job.requirements(), job.rank()), schema);
                } catch (IllegalArgumentException e) {
                    throw new SubmitFileException(file, job.line("requirements"), "job "
                            + jobName(job.cluster(), job.process()) + ": " + e.getMessage(), e);
                }
            }
            return spec;
        } catch (IllegalArgumentException e) {
            throw new SubmitFileException(file, job.line("queue"), "job " + jobName(job.cluster(), job.process())
                    + ": " + e.getMessage(), e);
        }
    }

    /** Which command a refusal of {@link JobCommand} is about, to show its line. */
    private static String lineOf(String problem) {
        String p = problem == null ? "" : problem.toLowerCase(java.util.Locale.ROOT);
        if (p.contains("output")) {
            return "transfer_output_files";
        }
        if (p.contains("input")) {
            return "transfer_input_files";
        }
        if (p.contains("environment") || p.contains("variable")) {
            return "environment";
        }
        if (p.contains("argument")) {
            return "arguments";
        }
        return "executable";
    }

    private static InputFile[] inputs(Path file, ExpandedJob job) {
        List<InputFile> files = new ArrayList<>();
        InputSizes sizes = new InputSizes();
        for (String name : job.transferInputFiles()) {
            Path p = job.directory().resolve(name);
            int line = job.line("transfer_input_files");
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                throw new SubmitFileException(file, line, "input file `" + name + "` is not a readable file (looked for "
                        + p + ")");
            }
            try {
                if (!sizes.large(p)) {
                    // Sent under its own name: the job finds it in its directory, as HTCondor places it.
                    files.add(new InputFile(p.getFileName().toString(), Files.readAllBytes(p)));
                }
            } catch (IllegalStateException e) {
                throw new SubmitFileException(file, line, "job " + jobName(job.cluster(), job.process()) + ": "
                        + e.getMessage());
            } catch (IOException e) {
                throw new SubmitFileException(file, line, "cannot read input file `" + name + "`: " + e.getMessage(), e);
            }
        }
        return files.toArray(InputFile[]::new);
    }

    /** The job's inputs that travel by reference (checked readable by {@link #of}). */
    public static List<Path> largeInputs(ExpandedJob job) throws IOException {
        List<Path> large = new ArrayList<>();
        for (String name : job.transferInputFiles()) {
            Path p = job.directory().resolve(name);
            if (Files.size(p) > InputSizes.INLINE_FILE_BYTES) {
                large.add(p);
            }
        }
        return large;
    }
}
