package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live, on loopback: a node assembled as {@code cangrid node --attr Licenses={"matlab"} --accept ...}
 * assembles one runs a job only when the job's requirements hold of its machine and its {@code --accept}
 * holds of the job; any other job ends FAILED saying which side refused it. One node, so that the outcome of
 * each job follows from the two expressions alone.
 */
class LiveRequirementsTest {

    private static final ResourceSchema SCHEMA = LiveNodeAssembly.SCHEMA;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private LoopbackGrid grid;

    @AfterEach
    void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static JobSpec job(String name, String requirements) {
        return new JobSpec(Requirements.none(SCHEMA.realDimensions()), 0.2, name)
                .withExpressions(new JobExpressions(requirements, null), SCHEMA);
    }

    @Test
    void aJobRunsOnlyWhereBothSidesSayYes() throws Exception {
        MachineTerms terms = new MachineTerms(Map.of("Licenses", AttributeValue.parse("{\"matlab\"}"),
                "Site", AttributeValue.parse("lab-3")), "other.Name != \"riffraff\"");
        grid = LoopbackGrid.describing(List.of(terms), LoopbackGrid.randomSecret(), dir, ExecPolicy.none(), 100,
                JobConfig.withHeartbeat(250), JobEvents.NONE, 1);
        String os = MachineTerms.detected().get("OpSys") instanceof Value.StringValue s ? s.value() : "?";
        try (GridClient client = grid.client(0)) {
            JobId fits = client.submit(job("raman", "other.OpSys == \"" + os + "\" && member(\"matlab\","
                    + " other.Licenses) && other.Site == \"LAB-3\" && other.Memory >= 512"));
            JobId riffraff = client.submit(job("riffraff", null));
            JobId otherOs = client.submit(job("raman", "other.OpSys == \"PLAN9\""));
            JobId unknown = client.submit(job("raman", "other.HasGpu"));
            assertThat(end(client, fits).state()).isEqualTo(JobState.COMPLETED);
            JobStatusReply refused = end(client, riffraff);
            assertThat(refused.state()).isEqualTo(JobState.FAILED);
            assertThat(refused.reason()).contains("--accept is false");
            JobStatusReply wrongOs = end(client, otherOs);
            assertThat(wrongOs.state()).isEqualTo(JobState.FAILED);
            assertThat(wrongOs.reason()).contains("requirements are false");
            JobStatusReply undefined = end(client, unknown);
            assertThat(undefined.state()).isEqualTo(JobState.FAILED);
            assertThat(undefined.reason()).contains("requirements are undefined");
        }
    }

    private static JobStatusReply end(GridClient client, JobId id) throws Exception {
        JobStatusReply r = client.await(id, WAIT);
        assertThat(r).as("%s ended within %s", id, WAIT).isNotNull();
        return r;
    }
}
