package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sources that keep a desktop node's machine for its owner: a file, the run hours, the battery. */
class OwnerPresenceTest {

    @TempDir
    Path dir;

    private static long at(String time) {
        return LocalDate.of(2026, 11, 27).atTime(LocalTime.parse(time)).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    @Test
    void theOwnerIsActiveWhileTheFileExists() throws IOException {
        Path file = dir.resolve("active");
        OwnerPresence p = OwnerPresence.whileFileExists(file);
        assertThat(p.busy(0)).isNull();
        Files.writeString(file, "");
        assertThat(p.busy(0)).isEqualTo("owner active");
        assertThatThrownBy(() -> OwnerPresence.whileFileExists(dir.resolve("no/such/dir/active")))
                .hasMessageContaining("does not exist");
    }

    @Test
    void runHoursAreADailyWindowThatMayWrapPastMidnight() {
        OwnerPresence night = OwnerPresence.outsideHours("18:00-08:00", ZoneOffset.UTC);
        assertThat(night.busy(at("19:30"))).isNull();
        assertThat(night.busy(at("03:00"))).isNull();
        assertThat(night.busy(at("12:00"))).isEqualTo("outside the run hours 18:00-08:00");
        assertThat(night.busy(at("08:00"))).as("the window's end is outside").isNotNull();
        OwnerPresence office = OwnerPresence.outsideHours("09:00-17:30", ZoneOffset.UTC);
        assertThat(office.busy(at("09:00"))).isNull();
        assertThat(office.busy(at("17:31"))).isNotNull();
    }

    @Test
    void malformedRunHoursNameTheValueAndTheForm() {
        for (String bad : new String[] {"18-08", "18:00", "25:00-08:00", "18:00-08:00-09:00", ""}) {
            assertThatThrownBy(() -> OwnerPresence.outsideHours(bad, ZoneOffset.UTC)).as(bad)
                    .hasMessageContaining("'" + bad + "'").hasMessageContaining("HH:MM-HH:MM");
        }
        assertThatThrownBy(() -> OwnerPresence.outsideHours("08:00-08:00", ZoneOffset.UTC))
                .hasMessageContaining("same time");
    }

    @Test
    void onBatteryWhenNoMainsSupplyIsOnline() throws IOException {
        assertThat(OwnerPresence.onBattery(dir.resolve("none"))).as("no power supplies: nothing to watch").isNull();
        Path supplies = Files.createDirectories(dir.resolve("power_supply"));
        Path ac = Files.createDirectories(supplies.resolve("AC"));
        Files.writeString(ac.resolve("type"), "Mains\n");
        Files.writeString(ac.resolve("online"), "1\n");
        assertThat(OwnerPresence.onBattery(supplies)).as("mains only: a desktop").isNull();
        Path bat = Files.createDirectories(supplies.resolve("BAT0"));
        Files.writeString(bat.resolve("type"), "Battery\n");
        OwnerPresence battery = OwnerPresence.onBattery(supplies);
        assertThat(battery.busy(0)).isNull();
        Files.writeString(ac.resolve("online"), "0\n");
        assertThat(battery.busy(0)).isEqualTo("on battery");
    }

    @Test
    void anySourceMakesTheMachineBusy() {
        OwnerPresence free = now -> null;
        OwnerPresence busy = now -> "on battery";
        assertThat(OwnerPresence.any(List.of(free, busy)).busy(0)).isEqualTo("on battery");
        assertThat(OwnerPresence.any(List.of(free, free)).busy(0)).isNull();
    }
}
