package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cores as a dimension of the desktop schema: a job of k cores is capable only on nodes lending k or more,
 * and a job wider than every node is refused naming cores, the way any resource is.
 */
class CoresDimensionTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.desktopSchema();
    /** cpu, memory MiB, disk GiB, cores. */
    private static final Capabilities TWO = new Capabilities(1.0, 4096, 100, 2);
    private static final Capabilities FOUR = new Capabilities(1.0, 4096, 100, 4);

    private static JobSpec taking(int cores) {
        return JobSpec.requiring(SCHEMA, Map.of(), 1, null).withCores(SCHEMA, cores);
    }

    @Test
    void aJobOfKCoresIsCapableOnlyOnNodesLendingK() {
        assertThat(Capable.isCapable(TWO, taking(1).requirements())).isTrue();
        assertThat(Capable.isCapable(TWO, taking(2).requirements())).isTrue();
        assertThat(Capable.isCapable(TWO, taking(3).requirements())).isFalse();
        assertThat(Capable.isCapable(FOUR, taking(3).requirements())).isTrue();
    }

    @Test
    void aJobWiderThanEveryNodeIsRefusedNamingCores() {
        UnmetRequirement unmet = Capable.firstUnmet(SCHEMA, taking(64).requirements(), List.of(TWO, FOUR))
                .orElseThrow();
        assertThat(unmet.name()).isEqualTo(ResourceSchema.CORES);
        assertThat(unmet.describe()).isEqualTo("cores: needs 64 cores, the most any node offers is 4 cores");
        assertThat(Capable.noMatchReason(SCHEMA, taking(4).requirements(), List.of(TWO, FOUR))).isEmpty();
    }

    @Test
    void memoryBeyondEveryNodeIsStillNamedFirst() {
        JobSpec job = JobSpec.requiring(SCHEMA, Map.of(ResourceSchema.MEMORY, 65_536), 1, null).withCores(SCHEMA, 64);
        assertThat(Capable.noMatchReason(SCHEMA, job.requirements(), List.of(TWO, FOUR)))
                .hasValue("memory: needs 65536 MiB, the most any node offers is 4096 MiB");
    }
}
