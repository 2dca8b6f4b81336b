package io.cangrid.load.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobIdFactory;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How CAN-PX picks among busy candidates: shortest queue, or with {@code soonest} the earliest start. */
class CandidateChoiceTest {

    private static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private final CandidateChoice choice = new CandidateChoice(SCHEMA, RunNodeScore.QUEUE_PER_CPU);
    private final JobProfile job = job(new Requirements(new double[] {2, 4096, 0}));

    private static JobProfile job(Requirements needs) {
        JobSpec spec = JobSpec.of(needs, 1200);
        return new JobProfile(new JobIdFactory(SCHEMA).idFor(spec, 0.5, 1), spec, NodeId.of(500), 0, 1);
    }

    private static Candidate node(int id, double cpu, double memoryMib, int queue, double backlogSeconds) {
        return new Candidate(NodeId.of(id), new Capabilities(cpu, memoryMib, 40), queue, backlogSeconds);
    }

    @Test
    void soonestStartPicksTheNodeThatFreesFirstWhateverTheQueueLengths() {
        Candidate longRunningJob = node(1, 2, 4096, 1, 2400);
        Candidate twoShortJobs = node(2, 2, 4096, 2, 300);
        Candidate almostDone = node(3, 4, 16384, 1, 60);
        List<Candidate> busy = List.of(longRunningJob, twoShortJobs, almostDone);

        assertThat(choice.shortestQueueBestFit(busy, null, job)).isEqualTo(longRunningJob);
        assertThat(choice.soonestStartBestFit(busy, null, job)).isEqualTo(almostDone);
    }

    @Test
    void equalStartsGoToTheBestFitAndTheCarriedCandidateCompetes() {
        Candidate big = node(1, 4, 16384, 1, 600);
        Candidate snug = node(2, 2, 4096, 1, 600);
        Candidate carried = node(3, 2, 8192, 1, 100);

        assertThat(choice.soonestStartBestFit(List.of(big, snug), null, job)).isEqualTo(snug);
        assertThat(choice.soonestStartBestFit(List.of(big, snug), carried, job)).isEqualTo(carried);
        assertThat(choice.soonestStartBestFit(List.of(), null, job)).isNull();
    }
}
