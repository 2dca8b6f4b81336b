package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobSpecTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();

    @Test
    void workMustBeAPositiveFiniteNumberOfSeconds() {
        Requirements none = Requirements.none(3);
        assertThatThrownBy(() -> JobSpec.of(none, Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("work must be a number of seconds, was NaN");
        assertThatThrownBy(() -> JobSpec.of(none, -3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("work must be positive (seconds on a cpu = 1.0 node), was -3.0");
        assertThatThrownBy(() -> JobSpec.of(none, 0)).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> JobSpec.of(none, Double.POSITIVE_INFINITY)).hasMessage("work must be finite");
        assertThatThrownBy(() -> JobSpec.of(null, 1)).isInstanceOf(NullPointerException.class);
        assertThat(JobSpec.of(none, 2400).work()).isEqualTo(2400);
    }

    @Test
    void aNameIsOptionalButNeverBlankOrMultiLine() {
        assertThat(JobSpec.of(Requirements.none(3), 1).hasName()).isFalse();
        assertThat(new JobSpec(Requirements.none(3), 1, "render frame 7").hasName()).isTrue();
        assertThatThrownBy(() -> new JobSpec(Requirements.none(3), 1, "  ")).hasMessageContaining("must not be blank");
        assertThatThrownBy(() -> new JobSpec(Requirements.none(3), 1, "a\nb"))
                .hasMessageContaining("control characters (found U+000A at 1)");
        assertThatThrownBy(() -> new JobSpec(Requirements.none(3), 1, "x".repeat(JobSpec.MAX_NAME_LENGTH + 1)))
                .hasMessageContaining("at most 256 characters");
    }

    @Test
    void aSchemaChecksTheNumberOfRequirementValues() {
        assertThatThrownBy(() -> JobSpec.forSchema(SCHEMA, new Requirements(1, 1024), 60, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the job states 2 requirement value(s) but the schema has 3 real dimension(s): cpu, memory, disk");
        assertThat(JobSpec.forSchema(SCHEMA, new Requirements(1, 1024, 10), 60, "ok").name()).isEqualTo("ok");
    }

    @Test
    void requirementsByNameConstrainAnySubset() {
        JobSpec spec = JobSpec.requiring(SCHEMA, Map.of("memory", 4096, "disk", 2.5), 600, null);
        assertThat(spec.requirements()).isEqualTo(new Requirements(0, 4096, 2.5));
        assertThat(spec.requirements().constrains(0)).isFalse();
        assertThat(JobSpec.requiring(SCHEMA, Map.of(), 1, null).requirements()).isEqualTo(Requirements.none(3));
        assertThatThrownBy(() -> JobSpec.requiring(SCHEMA, Map.of("gpu", 1), 1, null))
                .hasMessage("unknown resource dimension 'gpu'; the schema has cpu, memory, disk");
        assertThatThrownBy(() -> JobSpec.requiring(SCHEMA, Map.of("memory", -1), 1, null))
                .hasMessage("minimum memory must be a finite value >= 0, was -1.0");
    }

    @Test
    void runningTimeScalesInverselyWithCpuSpeed() {
        JobSpec spec = JobSpec.of(Requirements.none(3), 120);
        assertThat(spec.runningSeconds(1.0)).isEqualTo(120);
        assertThat(spec.runningSeconds(2.0)).isEqualTo(60);
        assertThat(spec.runningMillis(2.0)).isEqualTo(60_000);
        assertThat(JobSpec.of(Requirements.none(3), 1).runningMillis(3.0)).isEqualTo(334); // rounded up
        assertThat(JobSpec.of(Requirements.none(3), 1e-9).runningMillis(1.0)).isEqualTo(1);
        assertThatThrownBy(() -> spec.runningSeconds(0)).hasMessage("cpu speed must be finite and positive, was 0.0");
        assertThatThrownBy(() -> spec.runningMillis(Double.NaN)).hasMessageContaining("was NaN");
    }
}
