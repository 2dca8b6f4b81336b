package io.cangrid.hygra.protocol;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HygraParametersTest {

    private final HygraParameters paper = HygraParameters.paperDefaults();

    @Test
    void degMinNotBelowDegMaxIsRefused() {
        assertThatThrownBy(() -> paper.withDegrees(15, 15)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("degmin must be below degmax").hasMessageContaining("15");
        assertThatThrownBy(() -> paper.withDegrees(16, 15)).hasMessageContaining("degmin was 16, degmax 15");
    }

    @Test
    void degMinBelowOneIsRefused() {
        assertThatThrownBy(() -> paper.withDegrees(0, 15)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("degmin must be at least 1, was 0");
    }

    @Test
    void negativeTemperatureIsRefused() {
        assertThatThrownBy(() -> paper.withTMax(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Tmax must be >= 0").hasMessageContaining("was -1");
    }

    @Test
    void hopLimitBelowOneIsRefused() {
        assertThatThrownBy(() -> paper.withHopLimit(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hop limit must be at least 1, was 0");
    }
}
