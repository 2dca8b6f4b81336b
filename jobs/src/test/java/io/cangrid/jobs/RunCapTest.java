package io.cangrid.jobs;

import static io.cangrid.jobs.JobLog.Kind.ASSIGNED;
import static io.cangrid.jobs.JobLog.Kind.FINISHED;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.JobAssign;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No job runs forever: a job whose runs never report to its owner (here, every run node it is given dies
 * while running it, and a new one is always there) ends FAILED after {@link JobConfig#maxRuns} runs, saying
 * so, instead of being matched again without end. Without the cap the owner matches it again forever.
 */
class RunCapTest {

    @Test
    void aJobWhoseRunsNeverReportEndsFailedAfterMaxRuns() {
        JobGrid grid = new JobGrid(21);
        NodeId injection = grid.node(1);
        NodeId owner = grid.node(1);
        List<NodeId> runNodes = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            runNodes.add(grid.node(1));
        }
        grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(runNodes.get(0));
        int[] next = {1};
        // Every run node dies a second after it is given the job; the next match goes to a fresh one.
        grid.watch(s -> {
            if (s.message() instanceof JobAssign && runNodes.contains(s.to())) {
                grid.sim.at(s.at() + 1_000, () -> grid.sim.crash(s.to()));
                grid.placement.runOn(runNodes.get(next[0]++ % runNodes.size()));
            }
        });
        grid.submit(1_000, 1_000);

        assertThat(grid.runUntilDone(24 * 3_600_000L)).as("the job ended").isTrue();

        grid.assertEveryJobEndedOnce(1);
        JobId id = grid.log.jobs().get(0);
        int maxRuns = JobGrid.CONFIG.maxRuns();
        assertThat(grid.log.of(ASSIGNED, id)).as("runs").hasSize(maxRuns);
        JobLog.Entry end = grid.log.only(FINISHED, id);
        assertThat(end.state()).isEqualTo(JobState.FAILED);
        assertThat(end.reason()).startsWith("ran " + maxRuns + " times without a result reaching its owner: run node ")
                .contains("was silent for more than");
    }
}
