package io.cangrid.jobs;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a node can run a job, and if no node can, why. Capability compares raw values in every real
 * dimension: normalised values clamp at the ends of a dimension's range, so two different raw values can
 * share a coordinate and comparing coordinates would accept nodes that are too small. The virtual
 * dimension is not part of capabilities or requirements, so it never constrains.
 */
public final class Capable {

    /** How {@link #noMatchReason} begins when each requirement is met by some node, though by none alone. */
    public static final String MET_SEPARATELY = "no single node meets every requirement at once";

    private Capable() {
    }

    /** True when {@code node} offers at least what {@code job} requires in every real dimension. */
    public static boolean isCapable(Capabilities node, Requirements job) {
        sameSize(node, job);
        return node.satisfies(job);
    }

    /**
     * The first requirement, in schema order, that none of {@code nodes} meets, with the most they offer
     * there. Empty when each requirement is met by some node, which does not mean one node meets them all:
     * see {@link #noMatchReason}.
     */
    public static Optional<UnmetRequirement> firstUnmet(ResourceSchema schema, Requirements job,
            Iterable<Capabilities> nodes) {
        int dims = schema.realDimensions();
        if (job.size() != dims) {
            throw new IllegalArgumentException("the job states " + job.size() + " requirement value(s) but the schema has "
                    + dims + " real dimension(s): " + JobSpec.dimensionNames(schema));
        }
        double[] most = new double[dims];
        boolean seen = false;
        for (Capabilities node : nodes) {
            sameSize(node, job);
            for (int d = 0; d < dims; d++) {
                most[d] = Math.max(most[d], node.get(d));
            }
            seen = true;
        }
        for (int d = 0; d < dims; d++) {
            if (job.constrains(d) && (!seen || most[d] < job.get(d))) {
                OptionalDouble offered = seen ? OptionalDouble.of(most[d]) : OptionalDouble.empty();
                return Optional.of(new UnmetRequirement(schema.dimension(d), d, job.get(d), offered));
            }
        }
        return Optional.empty();
    }

    /**
     * Why none of {@code nodes} can run {@code job}, in words for the client; empty when one of them can.
     * Names the first requirement no node meets, or says that the requirements are only met separately.
     * {@code nodes} is iterated more than once.
     */
    public static Optional<String> noMatchReason(ResourceSchema schema, Requirements job, Iterable<Capabilities> nodes) {
        Optional<UnmetRequirement> unmet = firstUnmet(schema, job, nodes);
        if (unmet.isPresent()) {
            return Optional.of(unmet.get().describe());
        }
        boolean seen = false;
        for (Capabilities node : nodes) {
            if (node.satisfies(job)) {
                return Optional.empty();
            }
            seen = true;
        }
        return Optional.of(seen
                ? MET_SEPARATELY + ", though each is met by some node"
                : "no node was seen");
    }

    private static void sameSize(Capabilities node, Requirements job) {
        if (node.size() != job.size()) {
            throw new IllegalArgumentException("capabilities give " + node.size() + " value(s) but the requirements "
                    + job.size() + ": they must come from the same schema");
        }
    }
}
