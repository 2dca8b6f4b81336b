package io.cangrid.cli;

import static io.cangrid.cli.LoopbackJobs.shell;
import static io.cangrid.cli.LoopbackJobs.submitOwnedBy;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nodes whose operator allows no commands ({@code --exec none}, the default) say so in the load they
 * publish, and matchmaking passes them by: jobs owned by such nodes, free as they are, run on the one node
 * that allows {@code sh}, without a refusal ending them FAILED.
 */
class LoopbackPoliciesTest {

    private static final Duration END_WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private LoopbackGrid grid;

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void jobsOwnedByNodesThatRunNoCommandsRunWhereCommandsAreAllowed() throws Exception {
        grid = LoopbackGrid.start(List.of(ExecPolicy.parse("allow:sh"), ExecPolicy.none(), ExecPolicy.none()),
                LoopbackGrid.randomSecret(), dir, 200, JobConfig.withHeartbeat(500), JobEvents.NONE, 1);
        long seed = System.nanoTime();
        SplittableRandom keys = new SplittableRandom(seed);
        List<JobId> ids = new ArrayList<>();
        for (int owner = 1; owner <= 2; owner++) {
            for (int k = 0; k < 2; k++) {
                ids.add(submitOwnedBy(grid, owner, owner, shell("owned-by-" + owner, "echo ok"), keys, seed));
            }
        }
        try (GridClient client = grid.client(0)) {
            for (JobId id : ids) {
                JobStatusReply end = client.await(id, END_WAIT);
                assertThat(end).as("end of %s (keys seed %d)", id, seed).isNotNull();
                assertThat(end.state()).as("%s (keys seed %d)", end, seed).isEqualTo(JobState.COMPLETED);
                assertThat(grid.indexOf(end.runNode())).as("run node of %s", id).isZero();
                assertThat(end.output().stdout()).isEqualTo("ok\n");
            }
        }
    }
}
