package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A locator's view of one job against machines: both sides as the machine judges them on arrival, the job's
 * rank of each, which conjuncts of its requirements a machine meets; and a job of minimums only, against a
 * machine without a policy, judged by its minimums alone.
 */
class JobMatchTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private static final Capabilities SMALL = new Capabilities(1, 1024, 10);
    private static final Capabilities LARGE = new Capabilities(2, 8192, 100);

    private static MachineAd machine(Capabilities caps, String os, String accept) {
        return MachineAd.of(SCHEMA, caps, Map.of("OpSys", Value.of(os)), accept, 0);
    }

    private static JobSpec job(String name, String requirements, String rank) {
        return JobSpec.requiring(SCHEMA, Map.of("memory", 512), 10, name)
                .withExpressions(new JobExpressions(requirements, rank), SCHEMA);
    }

    @Test
    void bothSidesDecide() {
        JobMatch linux = JobMatch.of(job("raman", "other.OpSys == \"LINUX\"", null), SCHEMA);
        assertThat(linux.accepts(LARGE, machine(LARGE, "LINUX", null), 0)).isTrue();
        assertThat(linux.accepts(LARGE, machine(LARGE, "WINDOWS", null), 0)).isFalse();
        assertThat(linux.accepts(LARGE, machine(LARGE, "LINUX", "other.Name != \"raman\""), 0)).isFalse();
        assertThat(linux.wants(LARGE, machine(LARGE, "LINUX", "other.Name != \"raman\""), 0)).isTrue();
        // A machine that publishes no ad has no OpSys: the requirement is undefined there, no match.
        assertThat(linux.accepts(LARGE, null, 0)).isFalse();
        // The minimums still count: 512 MiB is more than 256.
        Capabilities tiny = new Capabilities(1, 256, 10);
        assertThat(linux.accepts(tiny, machine(tiny, "LINUX", null), 0)).isFalse();
    }

    @Test
    void aMachinesStartSeesTheJobEvenWhenTheJobSaysNothingMore() {
        JobMatch plain = JobMatch.of(job("riffraff", null, null), SCHEMA);
        assertThat(plain.hasExpressions()).isFalse();
        assertThat(plain.accepts(LARGE, machine(LARGE, "LINUX", "other.Name != \"riffraff\""), 0)).isFalse();
        assertThat(plain.accepts(LARGE, machine(LARGE, "LINUX", null), 0)).isTrue();
        assertThat(plain.accepts(LARGE, null, 0)).isTrue();
        assertThat(plain.accepts(new Capabilities(1, 256, 10), null, 0)).isFalse();
    }

    @Test
    void rankIsTheJobsPreferenceAndZeroWithoutOne() {
        JobMatch ranked = JobMatch.of(job("raman", null, "other.Memory / 1024"), SCHEMA);
        assertThat(ranked.ranks()).isTrue();
        assertThat(ranked.rank(LARGE, machine(LARGE, "LINUX", null), 0)).isEqualTo(8.0);
        assertThat(ranked.rank(SMALL, null, 0)).isEqualTo(1.0);
        JobMatch unranked = JobMatch.of(job("raman", null, null), SCHEMA);
        assertThat(unranked.ranks()).isFalse();
        assertThat(unranked.rank(LARGE, null, 0)).isZero();
    }

    @Test
    void eachConjunctIsJudgedOnItsOwn() {
        JobMatch m = JobMatch.of(job("raman", "other.OpSys == \"LINUX\" && (other.Memory > 4G || other.HasGpu)"
                + " && other.CpuSpeed >= 1", null), SCHEMA);
        assertThat(m.conjuncts()).hasSize(3);
        assertThat(m.conjunctsMet(SMALL, machine(SMALL, "LINUX", null), 0)).isEqualTo(0b101);
        assertThat(m.conjunctsMet(LARGE, machine(LARGE, "OSX", null), 0)).isEqualTo(0b110);
        assertThat(JobMatch.of(job("raman", null, null), SCHEMA).conjunctsMet(LARGE, null, 0)).isZero();
    }
}
