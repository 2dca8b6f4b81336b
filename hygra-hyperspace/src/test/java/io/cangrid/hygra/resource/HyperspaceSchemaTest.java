package io.cangrid.hygra.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HyperspaceSchemaTest {

    private final HyperspaceSchema schema = new HyperspaceSchema(
            List.of(new QuantityResource("cores", 64), new QuantityResource("memory", 65_536)),
            List.of(new DiscreteAttribute("os", Set.of("linux", "windows")),
                    new DiscreteAttribute("arch", Set.of("x86_64", "aarch64"))));

    private final ResourceVector linuxNode = schema.capacity(Map.of("cores", 16L, "memory", 32_768L),
            Map.of("os", "linux", "arch", "x86_64"));

    @Test
    void aRequestNamingAnUnknownDiscreteValueIsRefusedWithTheAllowedOnes() {
        assertThatThrownBy(() -> schema.request(Map.of("cores", 2L), Map.of("os", "solaris")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'solaris'").hasMessageContaining("[linux, windows]");
    }

    @Test
    void negativeAmountsAreRefused() {
        assertThatThrownBy(() -> schema.request(Map.of("memory", -1L), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("memory = -1").hasMessageContaining(">= 0");
    }

    @Test
    void unknownResourcesAndAttributesAreRefused() {
        assertThatThrownBy(() -> schema.request(Map.of("gpus", 1L), Map.of()))
                .hasMessageContaining("'gpus'").hasMessageContaining("[cores, memory]");
        assertThatThrownBy(() -> schema.request(Map.of(), Map.of("kernel", "6.1")))
                .hasMessageContaining("'kernel'").hasMessageContaining("os");
    }

    @Test
    void quantitiesCompareWithAtLeastAndAttributesWithEquality() {
        assertThat(linuxNode.covers(schema.request(Map.of("cores", 16L), Map.of("os", "linux")))).isTrue();
        assertThat(linuxNode.covers(schema.request(Map.of("cores", 17L), Map.of()))).isFalse();
        assertThat(linuxNode.covers(schema.request(Map.of("cores", 1L), Map.of("os", "windows")))).isFalse();
        assertThat(linuxNode.covers(schema.request(Map.of(), Map.of("arch", "x86_64")))).isTrue();
    }

    @Test
    void aNodeHostsJobsWhileAvailableResourcesLastAndItsPointFollowsWhatIsAvailable() {
        NodeResources node = new NodeResources(linuxNode);
        ResourceVector job = schema.request(Map.of("cores", 8L, "memory", 16_384L), Map.of("os", "linux"));
        node.hold(1, job);
        assertThat(node.canHost(job)).isTrue();
        node.hold(2, job);
        assertThat(node.canHost(job)).isFalse();
        assertThat(schema.point(node.available()).get(0)).isZero();
        assertThat(node.release(1)).isTrue();
        assertThat(schema.point(node.available()).get(0)).isEqualTo(8.0 / 64);
        assertThat(node.available().attributes()).containsEntry("os", "linux");
    }
}
