package io.cangrid.simulator.locator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.StopCount;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanPOptionsTest {

    @Test
    void paperAppliesFirstWhereverItIsWritten() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("idle", "0.5");
        options.put("paper", "true");
        assertThat(CanPOptions.apply(CanPConfig.px(), "CAN-PX", options))
                .isEqualTo(CanPConfig.withStoppingFactor(2).withStop(s -> s.withIdleThreshold(0.5)));
    }

    @Test
    void optionsChangeTheLocatorsOwnConfiguration() {
        CanPConfig c = CanPOptions.apply(LocatorCatalog.canPBase("CAN-P3"), "CAN-P3",
                Map.of("stopCount", "here", "refit", "on", "seek", "8"));
        assertThat(c).isEqualTo(CanPConfig.calibrated(3).withStop(s -> s.withCount(StopCount.HERE))
                .withOffers(o -> o.withRefit(true)).withWaiting(w -> w.withSeekBudget(8)));
    }

    @Test
    void errorsNameTheLocatorAndTheOption() {
        assertThatThrownBy(() -> CanPOptions.apply(CanPConfig.px(), "CAN-PX", Map.of("seek", "-1")))
                .hasMessageStartingWith("locator CAN-PX: seek: ").hasMessageContaining("seek budget");
        assertThatThrownBy(() -> CanPOptions.apply(CanPConfig.px(), "CAN-PX", Map.of("speed", "2", "seek", "-1")))
                .hasMessageStartingWith("locator CAN-PX: unknown option 'speed'; valid: paper, sf, ");
    }
}
