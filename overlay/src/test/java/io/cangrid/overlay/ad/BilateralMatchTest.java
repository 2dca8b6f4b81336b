package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The Gangmatching paper's Figure 1: a workstation that runs jobs only when its load is low and its keyboard
 * idle a quarter of an hour, never for user riffraff, and prefers small jobs by day; and a job that wants an
 * Intel Linux machine with memory for its image. Each case changes one attribute of the first, which matches.
 */
class BilateralMatchTest {

    private static final Ad MACHINE = Ad.parse("""
            [
            Type = "Machine"; Activity = "Idle"; KeybrdIdle = '00:23:12'; // h:m:s
            Disk = 323.4M; // mbytes
            Memory = 256M; // mbytes
            State = "Unclaimed"; LoadAvg = 0.042969; Mips = 104; Arch = "INTEL"; OpSys = "LINUX";
            KFlops = 21893; Name = "foo.cs.wisc.edu"; Subnet = "128.105.175";
            Rank = DayTime() >= '9:00' && DayTime() <= '17:00' ? 1/other.ImageSize : 0;
            Constraint = other.Type=="Job" && other.Owner!="riffraff" && LoadAvg < 0.3 && KeybrdIdle>'00:15'
            ]""");
    private static final Ad JOB = Ad.parse("""
            [Type="Job"; Owner="raman"; ImageSize=28M;
             Constraint = other.Type=="Machine" && other.Arch=="INTEL" && other.OpSys=="LINUX"
                          && other.Memory >= ImageSize;
             Rank = other.KFlops/1E3 + other.Memory/32]""");
    private static final long NOON = 12 * 3600;

    @Test
    void t1_1TheFigureMatches() {
        assertThat(Match.matches(JOB, MACHINE, NOON)).isTrue();
        assertThat(Match.rank(JOB, MACHINE, NOON)).isEqualTo(21.893 + 8.0);
    }

    @Test
    void t1_2RiffraffIsRefusedByTheMachine() {
        Ad riffraff = JOB.with("Owner", Value.of("riffraff"));
        assertThat(Match.requirement(riffraff, MACHINE, NOON)).isEqualTo(Value.TRUE);
        assertThat(Match.requirement(MACHINE, riffraff, NOON)).isEqualTo(Value.FALSE);
        assertThat(Match.matches(riffraff, MACHINE, NOON)).isFalse();
    }

    @Test
    void t1_3ALoadOfExactlyTheBoundIsTooHigh() {
        assertThat(Match.matches(JOB, MACHINE.with("LoadAvg", Value.of(0.3)), NOON)).isFalse();
    }

    @Test
    void t1_4AKeyboardIdleExactlyFifteenMinutesIsNotEnough() {
        assertThat(Match.matches(JOB, MACHINE.with("KeybrdIdle", "'00:15:00'"), NOON)).isFalse();
        assertThat(Match.matches(JOB, MACHINE.with("KeybrdIdle", "'00:15:01'"), NOON)).isTrue();
    }

    @Test
    void t1_5AnImageLargerThanTheMemoryIsRefusedByTheJob() {
        Ad large = JOB.with("ImageSize", "257M");
        assertThat(Match.requirement(large, MACHINE, NOON)).isEqualTo(Value.FALSE);
        assertThat(Match.matches(large, MACHINE, NOON)).isFalse();
    }

    @Test
    void t1_6AnImageSizeNoAdHasMakesTheJobsRequirementUndefined() {
        Ad noSize = Ad.parse("""
                [Type="Job"; Owner="raman";
                 Constraint = other.Type=="Machine" && other.Arch=="INTEL" && other.OpSys=="LINUX"
                              && other.Memory >= ImageSize]""");
        assertThat(Match.requirement(noSize, MACHINE, NOON)).isEqualTo(Value.UNDEFINED);
        assertThat(Match.matches(noSize, MACHINE, NOON)).isFalse();
    }

    @Test
    void t1_7AnotherArchitectureIsRefusedByTheJob() {
        assertThat(Match.matches(JOB, MACHINE.with("Arch", Value.of("SPARC")), NOON)).isFalse();
    }

    @Test
    void t1_8TheMachinePrefersSmallImagesFromNineToFive() {
        double small = 1 / 28.0;
        assertThat(Match.rank(MACHINE, JOB, 10 * 3600)).isEqualTo(small);
        assertThat(Match.rank(MACHINE, JOB, 18 * 3600)).isEqualTo(0.0);
        assertThat(Match.rank(MACHINE, JOB, 17 * 3600)).isEqualTo(small);
        assertThat(Match.rank(MACHINE, JOB, 17 * 3600 + 1)).isEqualTo(0.0);
    }
}
