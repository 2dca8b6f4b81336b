package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobSenders.Refusal;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An owner that took a job over before its run node's word reached it tracks the job as still under way,
 * and would run it again; the job's client, which has its result already, tells the owner how it ended
 * ({@link GridOutcome}), and the owner ends the job so: one job, one result. Only the client may say so.
 * One job node holds the whole space (owner and run node of its own jobs, and the jobs' client).
 */
class GatewayOutcomeTest {

    private static final JobConfig CONFIG = LoneGateway.CONFIG;
    private static final ResourceSchema SCHEMA = LoneGateway.SCHEMA;

    @TempDir
    Path dir;

    @AfterEach
    void flushStores() {
        JobStore.flushIn(dir);
    }

    @Test
    void theClientsOutcomeEndsAJobItsOwnerStillTracksAndNoOneElsesDoes() {
        Simulation sim = new Simulation(SimulationConfig.defaults(11).withLatency(LatencyModel.constant(5)));
        JobStore store = new JobStore(dir, MessageCodec.discover(1 << 20));
        JobGateway[] gateway = new JobGateway[1];
        NodeId node = LoneGateway.add(sim, store, false, gateway);
        NodeId hostile = sim.addNode(LoneGateway.Speaker::new);
        NodeId client = sim.addNode(LoneGateway.Speaker::new);
        JobSpec spec = JobSpec.of(Requirements.none(SCHEMA.realDimensions()), 3_600);
        sim.at(1_000, () -> gateway[0].receive(client, new GridSubmit(1, spec, 42)));
        JobId[] id = new JobId[1];
        JobOutput first = new JobOutput(0, "the first run's output\n", "", new InputFile[0], null);
        sim.at(30_000, () -> {
            id[0] = gateway[0].node().agent().queue().runningJob().id();
            JobStatusReply told = new JobStatusReply(0, id[0], JobState.COMPLETED, null, hostile, null, first, 10);
            gateway[0].receive(hostile, new GridOutcome(told));
        });
        sim.runFor(31_000);
        assertThat(gateway[0].node().agent().outcome(id[0])).as("a stranger's word ends nothing").isNull();
        assertThat(gateway[0].node().agent().senders().refusals(Refusal.OUTCOME_FROM_STRANGER)).isEqualTo(1);

        NodeId elsewhere = NodeId.of(99);
        sim.at(sim.now() + 1_000, () -> gateway[0].receive(node, new GridOutcome(
                new JobStatusReply(0, id[0], JobState.COMPLETED, null, elsewhere, null, first, 10))));
        sim.runFor(10 * CONFIG.heartbeatMillis());
        JobOutcome kept = gateway[0].node().agent().outcome(id[0]);
        assertThat(kept).as("the client's outcome ends the job").isNotNull();
        assertThat(kept.state()).isEqualTo(JobState.COMPLETED);
        assertThat(kept.runNode()).isEqualTo(elsewhere);
        assertThat(kept.output().stdout()).isEqualTo("the first run's output\n");
        assertThat(gateway[0].node().agent().queue().runningJob()).as("the second run is dropped").isNull();
        sim.runFor(3_600_000);
        assertThat(gateway[0].node().agent().outcome(id[0]).output().stdout()).as("and no later run replaces it")
                .isEqualTo("the first run's output\n");
    }
}
