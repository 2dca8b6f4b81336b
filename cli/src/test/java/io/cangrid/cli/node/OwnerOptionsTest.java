package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The owner's idle time and CPU share: off unless asked for, the boinc preset, and options that win over it; the
 * same values from the node's settings file ({@code owner.*} keys), beneath the flags and above the preset.
 */
class OwnerOptionsTest {

    @TempDir
    Path dir;

    private static OwnerOptions flags(String... args) {
        OwnerOptions o = new OwnerOptions();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    private static OwnerSettings parse(String... args) {
        OwnerSettings s = new OwnerSettings(flags(args), Map.of());
        s.check();
        return s;
    }

    /** The settings {@code hocon} gives, beneath the flags {@code args}. */
    private OwnerSettings withFile(String hocon, String... args) throws IOException {
        Path file = Files.writeString(dir.resolve("node.conf"), hocon);
        OwnerSettings s = new OwnerSettings(flags(args), NodeSettings.load(file, List.of()).owner());
        s.check();
        return s;
    }

    @Test
    void nothingIsWatchedUnlessAskedFor() {
        OwnerSettings o = parse();
        assertThat(o.idleForMillis()).isZero();
        assertThat(o.maxOwnerCpuPercent()).isZero();
        assertThat(o.sources()).isEmpty();
        assertThat(o.pauseOnBattery()).isTrue();
        assertThat(o.maxSuspensionMillis()).isEqualTo(600_000);
        assertThat(o.activityFile()).isNull();
        assertThat(o.runHours()).isNull();
    }

    @Test
    void boincIsItsDefaults() {
        OwnerSettings o = parse("--owner-policy", "boinc");
        assertThat(o.idleForMillis()).isEqualTo(180_000);
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(25);
    }

    @Test
    void optionsGivenWithThePresetWin() {
        OwnerSettings o = parse("--owner-policy", "boinc", "--idle-for", "off", "--max-owner-cpu", "60%");
        assertThat(o.idleForMillis()).isZero();
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(60);
        assertThat(parse("--owner-policy", "boinc", "--idle-for", "90s").idleForMillis()).isEqualTo(90_000);
        assertThat(parse("--idle-for", "0").idleForMillis()).isZero();
        assertThat(parse("--owner-policy", "none", "--max-owner-cpu", "off").maxOwnerCpuPercent()).isZero();
    }

    @Test
    void aSettingsFileGivesTheSamePolicyAsTheFlags() throws IOException {
        NodeOwnerPolicy fromFile = NodeOwnerPolicy.of(withFile(
                "owner { idle-for = 3m, max-cpu = 25, run-hours = \"18:00-08:00\" }"));
        NodeOwnerPolicy fromFlags = NodeOwnerPolicy.of(parse("--idle-for", "3m", "--max-owner-cpu", "25",
                "--run-hours", "18:00-08:00"));
        assertThat(fromFile.policy()).isNotNull();
        assertThat(fromFile.policy().describe()).contains("jobs run only 18:00-08:00 local time")
                .isEqualTo(fromFlags.policy().describe());
        assertThat(fromFile.described()).isEqualTo(fromFlags.described());
        assertThat(fromFile.policy().maxSuspensionMillis()).isEqualTo(fromFlags.policy().maxSuspensionMillis())
                .isEqualTo(600_000);
    }

    @Test
    void aFlagWinsOverTheFile() throws IOException {
        OwnerSettings o = withFile("owner { policy = boinc, idle-for = 90s, max-cpu = 25, max-suspension = 5m,"
                + " on-battery = run, run-hours = \"18:00-08:00\" }", "--max-owner-cpu", "60", "--max-suspension", "30s",
                "--run-hours", "09:00-17:00");
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(60);
        assertThat(o.maxSuspensionMillis()).isEqualTo(30_000);
        assertThat(o.runHours().text()).isEqualTo("09:00-17:00");
        assertThat(o.idleForMillis()).as("not given as a flag: the file's").isEqualTo(90_000);
        assertThat(o.pauseOnBattery()).isFalse();
        assertThat(withFile("owner.idle-for = 3m", "--idle-for", "off").idleForMillis()).isZero();
    }

    @Test
    void theFileWinsOverThePresetAsAFlagDoes() throws IOException {
        OwnerSettings o = withFile("owner { policy = boinc, idle-for = off }");
        assertThat(o.idleForMillis()).isZero();
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(25);
        assertThat(withFile("owner.max-cpu = 40%", "--owner-policy", "boinc").maxOwnerCpuPercent()).isEqualTo(40);
        assertThat(withFile("owner.policy = none").idleForMillis()).isZero();
    }

    @Test
    void setGivesTheKeysToo() {
        OwnerSettings o = new OwnerSettings(flags(), NodeSettings.load(null, List.of("owner.max-cpu=40",
                "owner.activity-file=/tmp/active", "owner.run-hours=18:00-08:00")).owner());
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(40);
        assertThat(o.activityFile().text()).isEqualTo("/tmp/active");
        assertThat(o.runHours().said()).isEqualTo("owner.run-hours = 18:00-08:00");
    }
}
