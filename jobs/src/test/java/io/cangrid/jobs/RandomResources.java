package io.cangrid.jobs;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.resource.Scale;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random schemas, requirements and capabilities for the properties. Values deliberately land on range
 * ends, beyond them (where normalisation clamps) and on each other (where rounding could bite).
 */
final class RandomResources {

    private RandomResources() {
    }

    static ResourceSchema schema(SplittableRandom rnd) {
        int dims = rnd.nextInt(1, 5);
        List<ResourceDimension> list = new ArrayList<>();
        for (int i = 0; i < dims; i++) {
            boolean log = rnd.nextBoolean();
            double min = log ? Math.pow(2, rnd.nextInt(-3, 10)) : rnd.nextInt(0, 4) * 0.25;
            double max = min + (log ? min * Math.pow(2, rnd.nextInt(1, 12)) : rnd.nextDouble(0.5, 100));
            list.add(new ResourceDimension("d" + i, min, max, log ? Scale.LOG : Scale.LINEAR, "u"));
        }
        return new ResourceSchema(list);
    }

    /** A raw value around {@code d}'s range: often an end, sometimes beyond, else inside. */
    static double value(SplittableRandom rnd, ResourceDimension d) {
        return switch (rnd.nextInt(6)) {
            case 0 -> d.min();
            case 1 -> d.max();
            case 2 -> d.max() * rnd.nextDouble(1.0, 3.0);
            case 3 -> d.min() * rnd.nextDouble();
            default -> rnd.nextDouble(d.min(), d.max());
        };
    }

    /** Each dimension constrained with probability one half. */
    static Requirements requirements(SplittableRandom rnd, ResourceSchema schema) {
        double[] v = new double[schema.realDimensions()];
        for (int i = 0; i < v.length; i++) {
            v[i] = rnd.nextBoolean() ? value(rnd, schema.dimension(i)) : 0.0;
        }
        return new Requirements(v);
    }

    static Capabilities capabilities(SplittableRandom rnd, ResourceSchema schema) {
        double[] v = new double[schema.realDimensions()];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(rnd, schema.dimension(i));
        }
        return new Capabilities(v);
    }

    /** Capabilities that meet {@code job}: exactly equal in some dimensions, above it in others. */
    static Capabilities meeting(SplittableRandom rnd, ResourceSchema schema, Requirements job) {
        double[] v = new double[job.size()];
        for (int i = 0; i < v.length; i++) {
            double r = job.get(i);
            v[i] = rnd.nextBoolean() ? r : Math.max(r, value(rnd, schema.dimension(i)));
        }
        return new Capabilities(v);
    }
}
