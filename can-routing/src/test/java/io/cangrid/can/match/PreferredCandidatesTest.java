package io.cangrid.can.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobMatch;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A job's rank chooses among the free candidates: the locator then weighs only those ranked highest; with none
 * free, or no rank, it weighs them all, by load as before.
 */
class PreferredCandidatesTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();

    private static Candidate candidate(long id, boolean free, double rank) {
        return new Candidate(NodeId.of(id), new Capabilities(1, 1024, 10), free ? 0 : 1, free ? 0 : 60,
                free ? 1 : 0, free, rank);
    }

    private static JobMatch job(String rank) {
        return JobMatch.of(JobSpec.requiring(SCHEMA, Map.of(), 10, "j")
                .withExpressions(new JobExpressions(null, rank), SCHEMA), SCHEMA);
    }

    @Test
    void theFreeCandidatesRankedHighestAreWeighed() {
        Candidate busyBest = candidate(1, false, 9);
        Candidate freeLow = candidate(2, true, 1);
        Candidate freeHigh = candidate(3, true, 4);
        Candidate freeHighToo = candidate(4, true, 4);
        assertThat(Candidates.preferred(List.of(busyBest, freeLow, freeHigh, freeHighToo), job("other.Cpus")))
                .containsExactly(freeHigh, freeHighToo);
    }

    @Test
    void withNoneFreeOrNoRankAllAreWeighed() {
        List<Candidate> busy = List.of(candidate(1, false, 9), candidate(2, false, 1));
        assertThat(Candidates.preferred(busy, job("other.Cpus"))).isEqualTo(busy);
        List<Candidate> mixed = List.of(candidate(1, false, 0), candidate(2, true, 0));
        assertThat(Candidates.preferred(mixed, job(null))).isEqualTo(mixed);
    }
}
