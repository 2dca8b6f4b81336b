package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The owner's idle time and CPU share: off unless asked for, the boinc preset, and options that win over it. */
class OwnerOptionsTest {

    private static OwnerOptions parse(String... args) {
        OwnerOptions o = new OwnerOptions();
        new CommandLine(o).parseArgs(args);
        o.check();
        return o;
    }

    @Test
    void nothingIsWatchedUnlessAskedFor() {
        OwnerOptions o = parse();
        assertThat(o.idleForMillis()).isZero();
        assertThat(o.maxOwnerCpuPercent()).isZero();
        assertThat(o.sources()).isEmpty();
    }

    @Test
    void boincIsItsDefaults() {
        OwnerOptions o = parse("--owner-policy", "boinc");
        assertThat(o.idleForMillis()).isEqualTo(180_000);
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(25);
    }

    @Test
    void optionsGivenWithThePresetWin() {
        OwnerOptions o = parse("--owner-policy", "boinc", "--idle-for", "off", "--max-owner-cpu", "60%");
        assertThat(o.idleForMillis()).isZero();
        assertThat(o.maxOwnerCpuPercent()).isEqualTo(60);
        assertThat(parse("--owner-policy", "boinc", "--idle-for", "90s").idleForMillis()).isEqualTo(90_000);
        assertThat(parse("--idle-for", "0").idleForMillis()).isZero();
        assertThat(parse("--owner-policy", "none", "--max-owner-cpu", "off").maxOwnerCpuPercent()).isZero();
    }
}
