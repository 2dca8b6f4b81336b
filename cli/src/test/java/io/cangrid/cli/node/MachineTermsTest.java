package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.ad.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code node --attr} and the detected attributes make of a machine. */
class MachineTermsTest {

    @Test
    void anAttributesValueIsALiteralWhenItIsOneAndItsTextOtherwise() {
        assertThat(AttributeValue.parse("8")).isEqualTo(Value.of(8L));
        assertThat(AttributeValue.parse("2.5")).isEqualTo(Value.of(2.5));
        assertThat(AttributeValue.parse("true")).isEqualTo(Value.TRUE);
        assertThat(AttributeValue.parse("16G")).isEqualTo(Value.of(16384.0));
        assertThat(AttributeValue.parse("{\"matlab\", \"ansys\"}"))
                .isEqualTo(new Value.ListValue(List.of(Value.of("matlab"), Value.of("ansys"))));
        assertThat(AttributeValue.parse("LINUX")).isEqualTo(Value.of("LINUX"));
        assertThat(AttributeValue.parse("GeForce RTX 3060")).isEqualTo(Value.of("GeForce RTX 3060"));
        assertThat(AttributeValue.parse("\"quoted text\"")).isEqualTo(Value.of("quoted text"));
    }

    @Test
    void theSystemsNamesReadAsHTCondorWritesThem() {
        assertThat(MachineTerms.opSys("Linux")).isEqualTo("LINUX");
        assertThat(MachineTerms.opSys("Windows 11")).isEqualTo("WINDOWS");
        assertThat(MachineTerms.opSys("Mac OS X")).isEqualTo("OSX");
        assertThat(MachineTerms.arch("amd64")).isEqualTo("X86_64");
        assertThat(MachineTerms.arch("aarch64")).isEqualTo("AARCH64");
        assertThat(MachineTerms.detected()).containsKeys("OpSys", "Arch", "JavaVersion");
    }

    @Test
    void anAttributeCannotOverrideACapabilityOrTheNodesPolicy() {
        var caps = LiveNodeAssembly.capabilities(1, 1024, 10, 1);
        assertThatThrownBy(() -> new MachineTerms(Map.of("Memory", Value.of(1L << 20)), null)
                .ad(LiveNodeAssembly.SCHEMA, caps)).hasMessageContaining("Memory is this node's capability");
        assertThatThrownBy(() -> new MachineTerms(Map.of("start", Value.TRUE), null)
                .ad(LiveNodeAssembly.SCHEMA, caps)).hasMessageContaining("set it with --accept");
        assertThat(new MachineTerms(Map.of("OpSys", Value.of("PLAN9")), null).ad(LiveNodeAssembly.SCHEMA, caps).ad()
                .evaluate("OpSys")).isEqualTo(Value.of("PLAN9"));
    }
}
