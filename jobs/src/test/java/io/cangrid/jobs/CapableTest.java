package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CapableTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private static final Capabilities SMALL = new Capabilities(1.0, 8192, 100);
    private static final Capabilities FAST = new Capabilities(4.0, 2048, 50);

    @Test
    void capableMeansAtLeastTheRequirementInEveryDimension() {
        assertThat(Capable.isCapable(SMALL, new Requirements(1.0, 8192, 100))).isTrue();
        assertThat(Capable.isCapable(SMALL, new Requirements(0.5, 0, 0))).isTrue();
        assertThat(Capable.isCapable(SMALL, new Requirements(1.0, 8193, 100))).isFalse();
        assertThat(Capable.isCapable(new Capabilities(0, 0, 0), Requirements.none(3))).isTrue();
    }

    @Test
    void comparesRawValuesBecauseNormalisationClampsAtTheEndsOfARange() {
        // Both memory values lie above the default schema's 256 GiB ceiling, so both normalise to 1.0.
        Capabilities node = new Capabilities(1.0, 300_000, 100);
        Requirements job = new Requirements(1.0, 400_000, 100);
        assertThat(SCHEMA.pointOf(node, 0.5).dominates(SCHEMA.pointOf(job, 0.5))).isTrue();
        assertThat(Capable.isCapable(node, job)).isFalse();
    }

    @Test
    void capabilitiesAndRequirementsMustComeFromOneSchema() {
        assertThatThrownBy(() -> Capable.isCapable(new Capabilities(1, 1), new Requirements(1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capabilities give 2 value(s) but the requirements 3: they must come from the same schema");
        assertThatThrownBy(() -> Capable.firstUnmet(SCHEMA, new Requirements(1, 1), List.of()))
                .hasMessageContaining("schema has 3 real dimension(s)");
    }

    @Test
    void firstUnmetNamesTheFirstRequirementNoNodeMeetsAndTheMostOnOffer() {
        Requirements job = new Requirements(2.0, 16384, 500);
        UnmetRequirement unmet = Capable.firstUnmet(SCHEMA, job, List.of(SMALL, FAST)).orElseThrow();
        assertThat(unmet.name()).isEqualTo("memory");
        assertThat(unmet.index()).isEqualTo(1);
        assertThat(unmet.required()).isEqualTo(16384);
        assertThat(unmet.largestOffered()).isEqualTo(OptionalDouble.of(8192));
        assertThat(unmet.describe()).isEqualTo("memory: needs 16384 MiB, the most any node offers is 8192 MiB");
    }

    @Test
    void withNoNodesTheFirstStatedRequirementIsUnmet() {
        UnmetRequirement unmet = Capable.firstUnmet(SCHEMA, new Requirements(0, 0, 2.5), List.of()).orElseThrow();
        assertThat(unmet.name()).isEqualTo("disk");
        assertThat(unmet.largestOffered()).isEmpty();
        assertThat(unmet.describe()).isEqualTo("disk: needs 2.5 GiB, and no node was seen");
        assertThat(Capable.firstUnmet(SCHEMA, Requirements.none(3), List.of())).isEmpty();
    }

    @Test
    void noMatchReasonIsEmptyExactlyWhenSomeNodeIsCapable() {
        assertThat(Capable.noMatchReason(SCHEMA, new Requirements(4.0, 2048, 0), List.of(SMALL, FAST))).isEmpty();
        assertThat(Capable.noMatchReason(SCHEMA, new Requirements(8.0, 0, 0), List.of(SMALL, FAST)))
                .hasValue("cpu: needs 8 x, the most any node offers is 4 x");
        // cpu is met by FAST and memory by SMALL, but not by one node.
        assertThat(Capable.noMatchReason(SCHEMA, new Requirements(2.0, 4096, 0), List.of(SMALL, FAST)))
                .hasValue("no single node meets every requirement at once, though each is met by some node");
        assertThat(Capable.noMatchReason(SCHEMA, Requirements.none(3), List.of())).hasValue("no node was seen");
    }
}
