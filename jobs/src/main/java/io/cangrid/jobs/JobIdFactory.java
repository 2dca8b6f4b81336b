package io.cangrid.jobs;

import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Gives jobs their place in the CAN space (design.md §1): the point is the job's requirements
 * normalised by the schema (0 where it states none), followed by a virtual coordinate drawn at injection
 * (from the client's submission key, see {@link #idForKey}). One factory per schema; the injection node uses
 * it once per submitted job.
 */
public final class JobIdFactory {

    private final ResourceSchema schema;

    public JobIdFactory(ResourceSchema schema) {
        this.schema = Objects.requireNonNull(schema, "schema");
    }

    public ResourceSchema schema() {
        return schema;
    }

    /**
     * The id of a job with this spec, virtual coordinate and serial. The serial must be unique in the grid,
     * e.g. drawn from the injection node's random source as {@link #newId} does.
     */
    public JobId idFor(JobSpec spec, double virtualCoordinate, long serial) {
        Objects.requireNonNull(spec, "spec").checkAgainst(schema);
        if (!(virtualCoordinate >= 0.0 && virtualCoordinate < 1.0)) {
            throw new IllegalArgumentException("a job's virtual coordinate must lie in [0,1), was " + virtualCoordinate);
        }
        return new JobId(serial, schema.pointOf(spec.requirements(), virtualCoordinate));
    }

    /** The job's point: the same as {@code idFor(spec, virtualCoordinate, anySerial).point()}. */
    public Point pointFor(JobSpec spec, double virtualCoordinate) {
        return idFor(spec, virtualCoordinate, 0L).point();
    }

    /**
     * The id of the submission the client named {@code key}: the virtual coordinate and the serial are drawn
     * from a generator seeded with the key, so every node derives the same id from the same submission and a
     * retry through another node names the same job. Clients draw keys from their own random source.
     */
    public JobId idForKey(JobSpec spec, long key) {
        return newId(spec, new SplittableRandom(key));
    }

    /**
     * A fresh id, drawing the virtual coordinate and then the serial from {@code random}: the injection
     * node passes its own seeded source, so a simulation stays reproducible. Random 64-bit serials collide
     * with probability about {@code n^2 / 2^65} over n jobs, negligible at any grid's scale.
     */
    public JobId newId(JobSpec spec, RandomGenerator random) {
        double virtualCoordinate = random.nextDouble();
        long serial = random.nextLong();
        return idFor(spec, virtualCoordinate, serial);
    }
}
