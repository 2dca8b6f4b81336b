package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class JobIdFactoryTest {

    private static final double STEP = 1.0 / (1 << 30);
    private final JobIdFactory factory = new JobIdFactory(ResourceSchema.defaultSchema());

    @Test
    void thePointIsTheNormalisedRequirementsThenTheVirtualCoordinate() {
        // cpu 2.0 on the linear 0.25..8 range; no memory requirement; disk 16384 GiB is the top of its range.
        JobSpec spec = JobSpec.of(new Requirements(2.0, 0, 16384), 60);
        JobId id = factory.idFor(spec, 0.5, 99);
        Point p = id.point();
        assertThat(p.dimensions()).isEqualTo(4);
        assertThat(p.get(0)).isCloseTo((2.0 - 0.25) / 7.75, offset(STEP));
        assertThat(p.get(1)).isZero();
        assertThat(p.get(2)).isEqualTo(1.0);
        assertThat(id.virtualCoordinate()).isEqualTo(0.5);
        assertThat(id.serial()).isEqualTo(99);
        assertThat(factory.pointFor(spec, 0.5)).isEqualTo(p);
    }

    @Test
    void requirementsBelowARangeSitAtItsBottomAndAboveItAtItsTop() {
        JobId id = factory.idFor(JobSpec.of(new Requirements(0.1, 100, 1e9), 60), 0.0, 1);
        assertThat(id.point()).isEqualTo(Point.of(0, 0, 1, 0));
    }

    @Test
    void rejectsSpecsOfAnotherSchemaAndVirtualCoordinatesOutsideTheUnitInterval() {
        JobSpec twoValues = JobSpec.of(new Requirements(1, 1), 60);
        assertThatThrownBy(() -> factory.idFor(twoValues, 0.5, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("schema has 3 real dimension(s): cpu, memory, disk");
        JobSpec spec = JobSpec.of(Requirements.none(3), 60);
        for (double v : new double[] {1.0, -0.1, Double.NaN}) {
            assertThatThrownBy(() -> factory.idFor(spec, v, 1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a job's virtual coordinate must lie in [0,1), was " + v);
        }
    }

    @Test
    void freshIdsComeFromTheGivenRandomSourceAndRepeatWithItsSeed() {
        JobSpec spec = JobSpec.of(new Requirements(1, 1024, 10), 60);
        SplittableRandom a = new SplittableRandom(7);
        SplittableRandom b = new SplittableRandom(7);
        JobId first = factory.newId(spec, a);
        assertThat(factory.newId(spec, b)).isEqualTo(first);
        JobId second = factory.newId(spec, a);
        assertThat(second.serial()).isNotEqualTo(first.serial());
        assertThat(second.point().get(0)).isEqualTo(first.point().get(0));
    }
}
