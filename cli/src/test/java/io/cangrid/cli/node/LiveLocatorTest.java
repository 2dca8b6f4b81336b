package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** A live node takes its locator from the grid registry the simulation reads, oracles excepted. */
class LiveLocatorTest {

    private final LiveLocator option = new LiveLocator();

    @Test
    void everyLocatorButTheOraclesRunsLiveInAnyCaseWithItsOptions() {
        assertThat(option.convert("hygra")).isEqualTo("HYGRA");
        assertThat(option.convert(" can-px[idle=0] ")).isEqualTo("CAN-PX[idle=0]");
        assertThat(option.convert("CAN-P2")).isEqualTo("CAN-P2");
        assertThat(option.convert("CAN")).isEqualTo("CAN");
    }

    @Test
    void anOracleIsRefusedWithWhatRunsLive() {
        assertThatThrownBy(() -> option.convert("central-bestfit")).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("CENTRAL-BESTFIT is an oracle")
                .hasMessageContaining("runs only in simulation")
                .hasMessageContaining("CAN, CAN-P1, CAN-P2, CAN-P3, CAN-PX, HYGRA");
    }

    @Test
    void anUnknownNameOrOptionIsRefusedNamingWhatIsKnown() {
        assertThatThrownBy(() -> option.convert("CAN-PQ")).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("unknown locator 'CAN-PQ'")
                .hasMessageContaining("a live node runs one of: CAN, CAN-P1");
        assertThatThrownBy(() -> option.convert("HYGRA[hops=lots]")).isInstanceOf(TypeConversionException.class);
    }
}
