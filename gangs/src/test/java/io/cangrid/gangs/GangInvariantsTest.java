package io.cangrid.gangs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * On random pools of workstations and licences and random jobs after the paper's figures: a gang exists for
 * a root by the indexed fixed order or by the dynamic search exactly when the complete oracle (naive
 * backtracking) finds one; every gang returned satisfies every constraint of every member; and a round
 * never puts an ad in two gangs. Each case names its seed.
 */
class GangInvariantsTest {

    private static final long NO_CLOCK = -1;
    private static final String[] ARCH = {"INTEL", "INTEL", "INTEL", "X86_64"};
    private static final String[] OS = {"LINUX", "LINUX", "LINUX", "WINNT51"};
    private static final String[] OWNERS = {"raman", "riffraff", "solomon"};
    private static final String[] APPS = {"run_sim", "run_sim", "run_sim", "blast"};

    @Test
    void existenceAgreesWithTheOracleAndEveryGangHolds() {
        int found = 0;
        for (long seed = 1; seed <= 300; seed++) {
            Random r = new Random(seed);
            List<GangAd> pool = pool(r);
            GangAd root = job(r, "job");
            String context = "seed " + seed + ", pool " + pool.stream().map(GangAd::name).toList();
            Gang oracle = GangSearch.naive().find(root, Pool.of(pool), NO_CLOCK, new Effort());
            for (GangSearch s : List.of(GangSearch.leftToRight(), GangSearch.dynamic())) {
                Gang g = s.find(root, Pool.of(pool), NO_CLOCK, new Effort());
                assertThat(g != null).as(context + ": " + s.getClass().getSimpleName() + " agrees with the oracle "
                        + oracle).isEqualTo(oracle != null);
                if (g != null) {
                    GangmatchingTest.assertAllTrue(g);
                }
            }
            if (oracle != null) {
                found++;
                GangmatchingTest.assertAllTrue(oracle);
            }
        }
        // The generator must make both outcomes common, or the agreement says little.
        assertThat(found).as("seeds with a gang").isBetween(30, 270);
    }

    @Test
    void aRoundNeverPutsAnAdInTwoGangs() {
        for (long seed = 1; seed <= 100; seed++) {
            Random r = new Random(seed);
            List<GangAd> jobs = new ArrayList<>();
            for (int j = 0; j < 1 + r.nextInt(5); j++) {
                jobs.add(job(r, "job" + j));
            }
            for (GangSearch s : List.of(GangSearch.naive(), GangSearch.leftToRight(), GangSearch.dynamic())) {
                Random same = new Random(seed * 31);
                GangMatchmaker.Round round = new GangMatchmaker(s, NO_CLOCK).round(jobs, Pool.of(pool(same)));
                GangmatchingTest.assertNoAdInTwoGangs(round.gangs());
                round.gangs().forEach(GangmatchingTest::assertAllTrue);
                assertThat(round.gangs().size() + round.unmatched().size()).as("seed " + seed).isEqualTo(jobs.size());
            }
        }
    }

    private static List<GangAd> pool(Random r) {
        List<GangAd> pool = new ArrayList<>();
        int machines = 1 + r.nextInt(6);
        for (int m = 0; m < machines; m++) {
            String name = "m" + m;
            pool.add(GangAd.parse(name, """
                [ Type = "Machine"; Name = "%s"; Arch = "%s"; OpSys = "%s"; Memory = %dM; KFlops = %d; LoadAvg = %s;
                  KeybrdIdle = '00:20';
                  Ports = { [ Label = requester; Rank = 1/requester.ImageSize;
                              Constraint = requester.Type=="Job" && requester.Owner!="riffraff" && LoadAvg < 0.3
                                  && KeybrdIdle>'00:15' ] } ]
                """.formatted(name, pick(r, ARCH), pick(r, OS), 128 << r.nextInt(3), 1000 + r.nextInt(50000),
                    r.nextInt(4) == 0 ? "0.5" : "0.1")));
        }
        int licences = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(4);
        for (int l = 0; l < licences; l++) {
            String host = r.nextInt(6) == 0 ? "nohost" : "m" + r.nextInt(machines);
            String extra = r.nextInt(6) == 0 ? " && requester.Owner == \"" + pick(r, OWNERS) + "\"" : "";
            pool.add(GangAd.parse("l" + l, PaperAds.licence(pick(r, APPS), host, extra)));
        }
        return pool;
    }

    private static GangAd job(Random r, String name) {
        return GangAd.parse(name, """
            [ Type = "Job"; Owner = "%s"; Cmd = "%s"; JobPrio = %d;
              Ports = {
               [ Label = cpu; ImageSize = %dM; Rank = cpu.KFlops/1E3;
                 Constraint = cpu.Type=="Machine" && cpu.Arch == "%s" && cpu.OpSys == "LINUX" && cpu.Memory >= ImageSize ],
               [ Label = license; Host = cpu.Name;
                 Constraint = license.Type=="License" && license.App == Cmd ] } ]
            """.formatted(r.nextInt(5) == 0 ? "riffraff" : "raman", pick(r, APPS), r.nextInt(3),
                64 << r.nextInt(3), pick(r, ARCH)));
    }

    private static String pick(Random r, String[] from) {
        return from[r.nextInt(from.length)];
    }
}
