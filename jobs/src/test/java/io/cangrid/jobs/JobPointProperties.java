package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Monotone normalisation and what completeness needs from it: a node capable of a job has a point that
 * dominates the job's point (as its id carries it) in every real dimension, on random schemas.
 */
class JobPointProperties {

    @Property(tries = 500)
    void normalisationIsMonotone(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ResourceSchema schema = RandomResources.schema(rnd);
        for (ResourceDimension d : schema.dimensions()) {
            double a = RandomResources.value(rnd, d);
            double b = RandomResources.value(rnd, d);
            double hi = Math.max(a, b);
            double lo = Math.min(a, b);
            assertThat(d.normalise(hi)).as("seed %d %s: %s vs %s", seed, d, hi, lo).isGreaterThanOrEqualTo(d.normalise(lo));
        }
    }

    @Property(tries = 500)
    void largerRequirementsGiveADominatingJobPoint(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ResourceSchema schema = RandomResources.schema(rnd);
        JobIdFactory factory = new JobIdFactory(schema);
        Requirements small = RandomResources.requirements(rnd, schema);
        double[] larger = small.toArray();
        for (int i = 0; i < larger.length; i++) {
            larger[i] = rnd.nextBoolean() ? larger[i] : Math.max(larger[i], RandomResources.value(rnd, schema.dimension(i)));
        }
        double v = rnd.nextDouble();
        Point p = factory.pointFor(JobSpec.of(small, 1), v);
        Point q = factory.pointFor(JobSpec.of(new Requirements(larger), 1), v);
        assertThat(q.dominates(p)).as("seed %d: %s should dominate %s", seed, q, p).isTrue();
    }

    @Property(tries = 1000)
    void aCapableNodesPointDominatesTheJobsPointInEveryRealDimension(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ResourceSchema schema = RandomResources.schema(rnd);
        Requirements job = RandomResources.requirements(rnd, schema);
        Capabilities node = rnd.nextBoolean()
                ? RandomResources.meeting(rnd, schema, job)
                : RandomResources.capabilities(rnd, schema);
        if (!Capable.isCapable(node, job)) {
            return;
        }
        JobId id = new JobIdFactory(schema).idFor(JobSpec.of(job, 1), rnd.nextDouble(), rnd.nextLong());
        Point nodePoint = schema.pointOf(node, rnd.nextDouble());
        for (int d = 0; d < schema.realDimensions(); d++) {
            assertThat(nodePoint.get(d)).as("seed %d dimension %d: node %s, job %s", seed, d, node, job)
                    .isGreaterThanOrEqualTo(id.point().get(d));
        }
    }
}
