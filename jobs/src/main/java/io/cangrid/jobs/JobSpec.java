package io.cangrid.jobs;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.NeverTrue;
import io.cangrid.overlay.ad.Op;
import io.cangrid.overlay.ad.RequirementBox;
import io.cangrid.overlay.ad.ResourceAttributes;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Map;
import java.util.Objects;

/**
 * What a client asks the grid to run: minimum requirements (raw values, 0 = no requirement in that
 * dimension), the amount of work, an optional human-readable name and, for a real job, the command the run
 * node executes (a simulated job has none: its work only lets virtual time pass).
 *
 * <p>{@code work} is measured in seconds on a baseline node (cpu = 1.0), so a node of cpu speed {@code s}
 * runs the job in {@code work / s} seconds. {@code cores} is how many of a node's cores the job takes while
 * it runs (its memory requirement, when it states one, is reserved likewise: see {@link RunQueue}). Workloads that define run time against another baseline
 * (design.md §9) convert when they generate jobs.
 *
 * @param name null when the job has none
 * @param command null for a simulated job
 * @param cores the cores it occupies while it runs, 1 to {@link #MAX_CORES}
 */
public record JobSpec(Requirements requirements, double work, String name, JobCommand command, int cores,
        JobExpressions expressions) {

    /** Names travel in every status message and show in tables: keep them short and on one line. */
    public static final int MAX_NAME_LENGTH = 256;
    /** The widest job: more cores than any one machine a desktop grid meets. */
    public static final int MAX_CORES = 1024;

    public JobSpec {
        Objects.requireNonNull(requirements, "requirements");
        expressions = expressions == null ? JobExpressions.NONE : expressions;
        if (cores < 1 || cores > MAX_CORES) {
            throw new IllegalArgumentException("a job takes 1 to " + MAX_CORES + " cores, this one asks " + cores);
        }
        if (Double.isNaN(work)) {
            throw new IllegalArgumentException("work must be a number of seconds, was NaN");
        }
        if (!(work > 0)) {
            throw new IllegalArgumentException("work must be positive (seconds on a cpu = 1.0 node), was " + work);
        }
        if (Double.isInfinite(work)) {
            throw new IllegalArgumentException("work must be finite");
        }
        if (name != null) {
            checkName(name);
        }
    }

    private static void checkName(String name) {
        if (name.isBlank()) {
            throw new IllegalArgumentException("a job name, when given, must not be blank");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("a job name has at most " + MAX_NAME_LENGTH + " characters, this one "
                    + name.length());
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                throw new IllegalArgumentException("a job name must not contain control characters (found U+"
                        + String.format("%04X", (int) name.charAt(i)) + " at " + i + ")");
            }
        }
    }

    /** A job stating minimums only. */
    public JobSpec(Requirements requirements, double work, String name, JobCommand command, int cores) {
        this(requirements, work, name, command, cores, JobExpressions.NONE);
    }

    /** A one-core job. */
    public JobSpec(Requirements requirements, double work, String name, JobCommand command) {
        this(requirements, work, name, command, 1);
    }

    /** A simulated one-core job: no command. */
    public JobSpec(Requirements requirements, double work, String name) {
        this(requirements, work, name, null);
    }

    /** A spec without a name. */
    public static JobSpec of(Requirements requirements, double work) {
        return new JobSpec(requirements, work, null);
    }

    /** A spec whose requirements are checked against {@code schema}: one value per real dimension. */
    public static JobSpec forSchema(ResourceSchema schema, Requirements requirements, double work, String name) {
        return new JobSpec(requirements, work, name).checkAgainst(schema);
    }

    /**
     * A spec stating requirements by dimension name, for any subset of the schema's dimensions; the others
     * are unconstrained. Example: {@code requiring(schema, Map.of("memory", 4096), 600, null)}.
     */
    public static JobSpec requiring(ResourceSchema schema, Map<String, ? extends Number> minimums, double work,
            String name) {
        double[] values = new double[schema.realDimensions()];
        for (Map.Entry<String, ? extends Number> e : minimums.entrySet()) {
            int index = schema.indexOf(e.getKey());
            if (index < 0) {
                throw new IllegalArgumentException("unknown resource dimension '" + e.getKey() + "'; the schema has "
                        + dimensionNames(schema));
            }
            double v = Objects.requireNonNull(e.getValue(), "minimum " + e.getKey()).doubleValue();
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("minimum " + e.getKey() + " must be a finite value >= 0, was " + v);
            }
            values[index] = v;
        }
        return new JobSpec(new Requirements(values), work, name);
    }

    /**
     * Checks that the requirements give one value per real dimension of {@code schema}.
     *
     * @return this spec
     */
    public JobSpec checkAgainst(ResourceSchema schema) {
        if (requirements.size() != schema.realDimensions()) {
            throw new IllegalArgumentException("the job states " + requirements.size() + " requirement value(s) but the"
                    + " schema has " + schema.realDimensions() + " real dimension(s): " + dimensionNames(schema));
        }
        return this;
    }

    public boolean hasCommand() {
        return command != null;
    }

    /** The same job with a command to run. */
    public JobSpec withCommand(JobCommand newCommand) {
        return new JobSpec(requirements, work, name, Objects.requireNonNull(newCommand, "command"), cores,
                expressions);
    }

    /** The same job taking {@code newCores} cores while it runs. */
    public JobSpec withCores(int newCores) {
        return new JobSpec(requirements, work, name, command, newCores, expressions);
    }

    /**
     * The same job taking {@code newCores} cores; where {@code schema} has a {@link ResourceSchema#CORES}
     * dimension, they are also its minimum there (at least what it stated), so only nodes of that many cores
     * are matched. A one-core job leaves the dimension unconstrained: every node has a core.
     */
    public JobSpec withCores(ResourceSchema schema, int newCores) {
        int d = schema.indexOf(ResourceSchema.CORES);
        if (d < 0 || d >= requirements.size() || newCores <= 1 || requirements.get(d) >= newCores) {
            return withCores(newCores);
        }
        double[] values = requirements.toArray();
        values[d] = newCores;
        return new JobSpec(new Requirements(values), work, name, command, newCores, expressions);
    }

    /**
     * The same job with {@code newExpressions}, its minimums raised to the lower bounds its requirements
     * imply in {@code schema} (so that it is routed, as ever, to its minimums' point). A requirement no
     * machine can satisfy, one whose bounds cross in some dimension, is refused here.
     */
    public JobSpec withExpressions(JobExpressions newExpressions, ResourceSchema schema) {
        checkAgainst(schema);
        JobSpec next = new JobSpec(requirements, work, name, command, cores, newExpressions);
        String never = NeverTrue.find(newExpressions.requirementsExpr(), next.attributes(schema));
        if (never != null) {
            throw new IllegalArgumentException(never);
        }
        RequirementBox box = newExpressions.box(next.attributes(schema), schema);
        for (int d = 0; d < schema.realDimensions(); d++) {
            if (box.lo(d) > box.hi(d)) {
                throw new IllegalArgumentException("no machine can satisfy the requirements: they ask for "
                        + ResourceAttributes.attribute(schema.dimension(d)) + " both at least " + box.lo(d)
                        + " and at most " + box.hi(d) + " " + schema.dimension(d).unit());
            }
        }
        double[] raised = requirements.toArray();
        Requirements implied = box.minimums();
        for (int d = 0; d < raised.length; d++) {
            raised[d] = Math.max(raised[d], implied.get(d));
        }
        return new JobSpec(new Requirements(raised), work, name, command, cores, newExpressions);
    }

    /**
     * The same job owned by {@code user}, as the node that takes it from its client says (null: no one named):
     * its ad's {@code Owner}.
     */
    public JobSpec ownedBy(String user) {
        if (java.util.Objects.equals(user, expressions.owner())) {
            return this;
        }
        return new JobSpec(requirements, work, name, command, cores, expressions.ownedBy(user));
    }

    /**
     * The job's ad as machines see it ({@code other} in their expressions): {@code Cmd}, {@code Name},
     * {@code RequestCpus}, a {@code Request}-attribute per stated minimum, {@code Requirements} (the minimums
     * as conjuncts, {@code other.Memory >= 2048}, and the job's own requirements) and {@code Rank}.
     */
    public Ad ad(ResourceSchema schema) {
        Ad ad = attributes(schema);
        Expr all = expressions.requirements() == null ? null : expressions.requirementsExpr();
        for (int d = requirements.size() - 1; d >= 0; d--) {
            if (requirements.constrains(d) && d < schema.realDimensions()) {
                ResourceDimension dim = schema.dimension(d);
                Expr minimum = new Expr.Binary(Op.GREATER_OR_EQUAL,
                        new Expr.Ref(Expr.Ref.Kind.OTHER, ResourceAttributes.attribute(dim)),
                        new Expr.Literal(Value.of(requirements.get(d) / ResourceAttributes.toDimension(dim))));
                all = all == null ? minimum : new Expr.And(minimum, all);
            }
        }
        ad = ad.with("Requirements", all == null ? new Expr.Literal(Value.TRUE) : all);
        return expressions.rank() == null ? ad : ad.with("Rank", expressions.rank());
    }

    /** The job's attributes, without its requirements and rank. */
    private Ad attributes(ResourceSchema schema) {
        Ad ad = Ad.EMPTY.with("RequestCpus", Value.of((long) cores));
        if (command != null) {
            ad = ad.with("Cmd", Value.of(command.executable()));
        }
        if (name != null) {
            ad = ad.with("Name", Value.of(name));
        }
        if (expressions.owner() != null) {
            ad = ad.with("Owner", Value.of(expressions.owner()));
        }
        for (int d = 0; d < Math.min(requirements.size(), schema.realDimensions()); d++) {
            if (requirements.constrains(d)) {
                ResourceDimension dim = schema.dimension(d);
                ad = ad.with("Request" + ResourceAttributes.attribute(dim),
                        Value.of(requirements.get(d) / ResourceAttributes.toDimension(dim)));
            }
        }
        return ad;
    }

    public boolean hasName() {
        return name != null;
    }

    /** Seconds this job runs on a node of cpu speed {@code cpuSpeed} (relative to the baseline 1.0). */
    public double runningSeconds(double cpuSpeed) {
        if (!(cpuSpeed > 0) || Double.isInfinite(cpuSpeed)) {
            throw new IllegalArgumentException("cpu speed must be finite and positive, was " + cpuSpeed);
        }
        return work / cpuSpeed;
    }

    /** {@link #runningSeconds} in whole milliseconds, rounded up so that a job never finishes early (at least 1). */
    public long runningMillis(double cpuSpeed) {
        return Math.max(1L, (long) Math.ceil(runningSeconds(cpuSpeed) * 1000.0));
    }

    static String dimensionNames(ResourceSchema schema) {
        StringBuilder sb = new StringBuilder();
        for (ResourceDimension d : schema.dimensions()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(d.name());
        }
        return sb.toString();
    }
}
