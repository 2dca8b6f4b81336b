package io.cangrid.cli.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counting jobs from queue lengths, and keeping an hour of samples. */
class LoadHistoryTest {

    @Test
    void aNodesQueueIsOneJobRunningAndTheRestWaiting() {
        LoadHistory.Sample s = LoadHistory.sample(1_000, List.of(0, 1, 3, 0, 5));
        assertThat(s).isEqualTo(new LoadHistory.Sample(1_000, 5, 6, 3));
    }

    @Test
    void keepsTheLastHourOnly() {
        LoadHistory h = new LoadHistory(60_000);
        for (int i = 0; i <= 90; i++) {
            h.add(new LoadHistory.Sample(i * 60_000L, 4, i, 1));
        }
        Map<String, Object> json = h.json();
        List<?> at = (List<?>) json.get("at");
        assertThat(at).hasSize(60);
        assertThat(at.get(0)).isEqualTo(31 * 60.0);
        assertThat(at.get(59)).isEqualTo(90 * 60.0);
        assertThat(((List<?>) json.get("waiting")).get(0)).isEqualTo(31);
        assertThat(json.get("periodMillis")).isEqualTo(60_000L);
    }
}
