package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.common.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A desktop node's options (its cores, its owner's activity source) and a job's {@code --cores}: a bad value is
 * one line naming it and what is allowed; in the node's settings ({@code owner.*}), one line naming the key.
 */
class DesktopOptionsTest {

    @TempDir
    Path dir;

    @Test
    void aNodeLendsAtLeastOneCore() {
        CliRun r = CliRun.run("node", "--listen", "127.0.0.1:0", "--cores", "0");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--cores 0").contains("1 to 1024");
    }

    @Test
    void moreCoresThanTheMachineHasNeedForce() {
        int many = Runtime.getRuntime().availableProcessors() + 1;
        CliRun r = CliRun.run("node", "--listen", "127.0.0.1:0", "--cores", String.valueOf(many));
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--cores " + many).contains("this machine has").contains("--force");
    }

    @Test
    void aJobTakesOneToManyCores() {
        CliRun r = CliRun.run("submit", "--peer", "127.0.0.1:1", "--cores", "0", "--", "sh");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("1 to 1024 cores").contains("asks 0");
    }

    @Test
    void anActivityFileThatCouldNeverAppearIsRefused() {
        CliRun r = CliRun.run("node", "--listen", "127.0.0.1:0", "--cores", "1", "--owner-activity-file",
                "/nonexistent-dir/active");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--owner-activity-file").contains("/nonexistent-dir")
                .contains("does not exist");
    }

    @Test
    void malformedRunHoursAreOneLine() {
        CliRun r = CliRun.run("node", "--listen", "127.0.0.1:0", "--cores", "1", "--run-hours", "18-8");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--run-hours").contains("'18-8'").contains("HH:MM-HH:MM");
    }

    /** {@code cangrid node} on one core with {@code owner}'s options. */
    private static CliRun node(String... owner) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("node", "--listen", "127.0.0.1:0",
                "--cores", "1"));
        args.addAll(java.util.List.of(owner));
        return CliRun.run(args.toArray(String[]::new));
    }

    @Test
    void anIdleTimeThatIsNotADurationIsOneLine() {
        CliRun r = node("--idle-for", "abc");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--idle-for abc").contains("90s or 3m").contains("off");
    }

    @Test
    void theOwnersCpuShareIsOneToAHundredPercentOrOff() {
        for (String bad : new String[] {"0", "150", "x"}) {
            CliRun r = node("--max-owner-cpu", bad);
            assertThat(r.exitCode()).as(bad).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(r.errLines()).as(bad).hasSize(1);
            assertThat(r.err()).as(bad).contains("--max-owner-cpu " + bad).contains("1 to 100").contains("off");
        }
    }

    @Test
    void anUnknownOwnerPolicyNamesThePresets() {
        CliRun r = node("--owner-policy", "foo");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--owner-policy foo").contains("boinc").contains("none");
    }

    @Test
    void anOptionGivenWithThePresetWinsAndIsCheckedToo() {
        CliRun r = node("--owner-policy", "boinc", "--max-owner-cpu", "150");
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("--max-owner-cpu 150");
    }

    @Test
    void aBadOwnerValueInTheSettingsFileIsOneLineNamingTheKey() throws IOException {
        Path conf = Files.writeString(dir.resolve("node.conf"), "owner.max-cpu = 150\n");
        CliRun r = node("--config", conf.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("owner.max-cpu = 150").contains("1 to 100").contains("off");
    }

    /** Each owner setting refused by its flag is refused by its key alike: the same line but for the name. */
    @Test
    void anOwnerKeyIsRefusedAsItsFlagIs() {
        String[][] cases = {{"--idle-for", "owner.idle-for", "abc"}, {"--max-owner-cpu", "owner.max-cpu", "0"},
            {"--owner-policy", "owner.policy", "foo"}, {"--on-battery", "owner.on-battery", "always"},
            {"--max-suspension", "owner.max-suspension", "abc"}, {"--run-hours", "owner.run-hours", "18-8"},
            {"--owner-activity-file", "owner.activity-file", "/nonexistent-dir/active"}};
        for (String[] c : cases) {
            CliRun flag = node(c[0], c[2]);
            CliRun key = node("--set", c[1] + "=" + c[2]);
            assertThat(flag.exitCode()).as(c[0]).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(key.exitCode()).as(c[1]).isEqualTo(flag.exitCode());
            assertThat(key.errLines()).as(c[1]).hasSize(1);
            assertThat(key.err()).as(c[1]).contains(c[1]).contains(c[2]);
            assertThat(key.err().replace(c[1] + " = " + c[2], "?").replace(c[1], "?")).as(c[1])
                    .isEqualTo(flag.err().replace(c[0] + " " + c[2], "?").replace(c[0], "?"));
        }
    }

    @Test
    void anUnknownOwnerKeyIsRefusedNamingTheKnownOnes() throws IOException {
        Path conf = Files.writeString(dir.resolve("node.conf"), "owner { idle-for = 3m, foo = 1 }\n");
        CliRun r = node("--config", conf.toString());
        assertThat(r.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains("unknown node setting 'owner.foo'").contains("owner.idle-for")
                .contains("owner.max-cpu").contains("owner.policy").contains("grid.update-period");
    }
}
