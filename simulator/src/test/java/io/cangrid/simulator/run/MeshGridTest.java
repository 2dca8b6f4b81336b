package io.cangrid.simulator.run;

import io.cangrid.simulator.scenario.RunSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.WireMode;
import io.cangrid.simulator.baseline.OracleLocator;
import io.cangrid.simulator.baseline.OraclePolicy;
import io.cangrid.simulator.mesh.MeshGridKind;
import io.cangrid.simulator.mesh.NeighbourhoodLocator;
import io.cangrid.overlay.runtime.SteppableRuntime;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The job life cycle and the experiment driver on a second overlay, a full mesh that shares no code with
 * the CAN: jobs go end to end, with an oracle and with a decentralised locator, with and without churn,
 * and with every message passing through the wire format.
 */
class MeshGridTest {

    @ParameterizedTest(name = "{0}, churn {1}, wire {2}")
    @CsvSource({"oracle, false, direct", "neighbourhood, false, direct", "oracle, true, direct",
            "neighbourhood, true, direct", "neighbourhood, true, kryo"})
    void jobsRunEndToEndOnAFullMesh(String locator, boolean churn, String wire) {
        List<ChurnEvent> departures = churn
                ? List.of(ChurnEvent.crash(150_000), ChurnEvent.leave(300_000), ChurnEvent.crash(450_000))
                : List.of();
        Workload w = SmallWorkloads.of(5, 16, 200, 3_000, departures);
        RunSettings settings = new RunSettings("mesh-" + locator, 5, MeshGridKind.PERIOD_MILLIS, 6_000,
                LatencyModel.exponential(50), 6 * 3600_000L, WireMode.parse(wire));
        GridKind.Factory kinds = (run, node, view) -> new MeshGridKind(node, locator.equals("oracle")
                ? OracleLocator.factory(view, OraclePolicy.CENTRAL, node.schema())
                : NeighbourhoodLocator.factory(node.schema()));
        JobLog log = new JobLog();

        RunStats stats = new GridExperiment(GridExperiment.simulation(settings), w, settings, log, kinds).run();

        assertThat(stats.jobsUnfinished()).isZero();
        assertThat(log.finalStates()).hasSize(200);
        assertThat(log.count(JobState.FAILED)).isZero();
        for (var job : log.profiles().values()) {
            long capable = w.nodes().stream().filter(n -> n.satisfies(job.spec().requirements())).count();
            JobState end = log.finalStates().get(job.id());
            if (capable > departures.size()) {
                assertThat(end).as("job %s with %d capable node(s): %s", job.id(), capable,
                        log.reasons().get(job.id())).isEqualTo(JobState.COMPLETED);
            } else if (capable == 0) {
                assertThat(end).isEqualTo(JobState.NO_MATCH);
                assertThat(log.reasons().get(job.id())).isNotBlank();
            }
        }
        assertThat(log.count(JobState.COMPLETED)).isGreaterThan(150);
    }

    @org.junit.jupiter.api.Test
    void anyNodeAnswersForAnyJobThroughItsOwner() {
        // No churn: an outcome is kept by the owner the job had when it ended (and moves with later
        // hand-overs of owned jobs), so a crashed owner takes the outcomes it kept with it.
        Workload w = SmallWorkloads.of(9, 12, 60, 3_000, List.of());
        RunSettings settings = new RunSettings("mesh", 9, MeshGridKind.PERIOD_MILLIS, 6_000,
                LatencyModel.exponential(50), 6 * 3600_000L);
        GridKind.Factory kinds = (run, node, view) -> new MeshGridKind(node, NeighbourhoodLocator.factory(node.schema()));
        JobLog log = new JobLog();
        SteppableRuntime runtime = GridExperiment.simulation(settings);
        RunStats stats = new GridExperiment(runtime, w, settings, log, kinds).run();
        List<NodeId> alive = stats.capabilities().keySet().stream().filter(runtime::isAlive).sorted().toList();
        List<JobId> asked = new ArrayList<>(log.finalStates().keySet());
        asked.sort(null);
        JobId unknown = new JobId(12345, asked.get(0).point());
        asked.add(unknown);
        Map<JobId, JobStatusReply> replies = new HashMap<>();
        NodeId querier = runtime.addNode(ctx -> new NodeProgram() {
            @Override
            public void start() {
                for (int i = 0; i < asked.size(); i++) {
                    ctx.send(alive.get(i % alive.size()), new StatusQuery(i, asked.get(i), ctx.self()));
                }
            }

            @Override
            public void receive(NodeId from, Message message) {
                JobStatusReply r = (JobStatusReply) message;
                replies.put(r.job(), r);
            }

            @Override
            public void leave() {
                ctx.exit();
            }
        });
        runtime.runUntil(runtime.now() + 30_000);

        assertThat(runtime.isAlive(querier)).isTrue();
        assertThat(replies).hasSize(asked.size());
        for (JobId id : log.finalStates().keySet()) {
            JobStatusReply r = replies.get(id);
            assertThat(r.state()).as("%s: %s", id, r).isEqualTo(log.finalStates().get(id));
            if (r.state() == JobState.COMPLETED) {
                assertThat(r.runNode()).isNotNull();
            }
        }
        assertThat(replies.get(unknown).state()).isNull();
        assertThat(replies.get(unknown).reason()).contains("no record");
    }
}
