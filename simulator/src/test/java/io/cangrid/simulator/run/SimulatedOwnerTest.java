package io.cangrid.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cangrid.simulator.scenario.OwnerModel;
import org.junit.jupiter.api.Test;

/** A simulated owner: nobody before the workload starts, then periods with the model's long-run share. */
class SimulatedOwnerTest {

    private static final OwnerModel MODEL = new OwnerModel(true, 2 * 3600_000L, 20 * 60_000L, 600_000, 30_000);

    @Test
    void theOwnerIsAwayForTheModelsShareOfTheTimeAndTheSameSeedGivesTheSameOwner() {
        long[] start = {-1};
        SimulatedOwner owner = new SimulatedOwner(MODEL, 42, () -> start[0]);
        assertThat(owner.busy(5_000)).isNull();
        start[0] = 10_000;
        SimulatedOwner twin = new SimulatedOwner(MODEL, 42, () -> 10_000);
        long step = 60_000;
        long samples = 200_000;
        long active = 0;
        int changes = 0;
        String last = null;
        for (long i = 0; i < samples; i++) {
            String now = owner.busy(10_000 + i * step);
            assertThat(twin.busy(10_000 + i * step)).isEqualTo(now);
            active += now != null ? 1 : 0;
            changes += (now == null) != (last == null) && i > 0 ? 1 : 0;
            last = now;
        }
        assertThat((double) active / samples).isCloseTo(1 - MODEL.availableFraction(), within(0.02));
        // About one owner session per 2 h 20 min.
        assertThat(changes / 2.0).isCloseTo(samples * step / (140.0 * 60_000), within(samples * step / (140.0 * 60_000) * 0.1));
    }
}
