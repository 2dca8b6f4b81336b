package io.cangrid.simulator.run;

import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.scenario.RunSettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.CachedJobTrail;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobTrail;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.simulator.workload.ChurnEvent;
import io.cangrid.simulator.workload.Workload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Recording explanations must not change a run: the same CAN-PX run with churn, once with the simulation's
 * {@link JobTrail#NONE} and once with every node keeping a live node's trail, sends the same messages,
 * processes the same events and ends every job the same way at the same time.
 */
class ExplanationsChangeNothingTest {

    /** A live node's trail that also counts the steps of each kind, over all nodes of the run. */
    private static final class CountingTrail implements JobTrail {
        final CachedJobTrail kept = new CachedJobTrail();
        final Map<String, Integer> kinds = new HashMap<>();

        @Override
        public boolean recording() {
            return true;
        }

        @Override
        public void add(JobId job, ExplainStep step) {
            kinds.merge(step.kind(), 1, Integer::sum);
            kept.add(job, step);
        }

        @Override
        public List<ExplainStep> steps(JobId job) {
            return kept.steps(job);
        }
    }

    private record Run(RunStats stats, JobLog log) {
    }

    private static Run run(JobTrail trail) {
        RunSettings settings = new RunSettings("CAN-PX", 13, 10_000, 30_000, LatencyModel.exponential(50),
                6 * 3600_000L);
        Workload w = SmallWorkloads.of(13, 40, 150, 6_000, List.of(ChurnEvent.crash(150_000),
                ChurnEvent.leave(300_000), ChurnEvent.crash(450_000)));
        GridKind.Factory px = GridKind.forLocator(settings.locator());
        GridKind.Factory recording = (s, node, view) -> {
            GridKind inner = px.create(s, node, view);
            return new GridKind() {
                @Override
                public JobNode<?> newNode(NodeContext ctx, Capabilities capabilities, List<NodeId> bootstraps) {
                    JobNode<?> n = inner.newNode(ctx, capabilities, bootstraps);
                    n.agent().recordInto(trail);
                    return n;
                }

                @Override
                public boolean settled(List<JobNode<?>> active, int expected) {
                    return inner.settled(active, expected);
                }

                @Override
                public String describe(List<JobNode<?>> active) {
                    return inner.describe(active);
                }
            };
        };
        JobLog log = new JobLog();
        RunStats stats = new GridExperiment(GridExperiment.simulation(settings), w, settings, log, recording).run();
        return new Run(stats, log);
    }

    @Test
    void aRecordedRunIsTheSameRun() {
        Run plain = run(JobTrail.NONE);
        CountingTrail trail = new CountingTrail();
        Run explained = run(trail);

        assertThat(explained.stats().messagesSent()).isEqualTo(plain.stats().messagesSent());
        assertThat(explained.stats().events()).isEqualTo(plain.stats().events());
        assertThat(explained.stats().endMillis()).isEqualTo(plain.stats().endMillis());
        assertThat(explained.log().finalStates()).isEqualTo(plain.log().finalStates());
        assertThat(explained.log().firstAt(JobLog.Kind.STARTED)).isEqualTo(plain.log().firstAt(JobLog.Kind.STARTED));
        assertThat(explained.log().reasons()).isEqualTo(plain.log().reasons());
        assertThat(plain.log().finalStates()).hasSize(150);

        // And it explained something: jobs reached owners, were weighed, placed and ended.
        assertThat(trail.kinds).containsKeys(ExplainStep.ROUTE, ExplainStep.OWNER, ExplainStep.CANDIDATES,
                ExplainStep.DISPATCHED, ExplainStep.PLACEMENT, ExplainStep.ENDED);
        assertThat(trail.kinds.get(ExplainStep.OWNER)).isGreaterThanOrEqualTo(150);
    }
}
