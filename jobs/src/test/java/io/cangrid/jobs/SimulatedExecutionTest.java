package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A simulated run stops its clock while suspended, as a stopped process makes no progress. */
class SimulatedExecutionTest {

    @Test
    void aSuspendedRunEndsLaterByTheTimeItWasSuspended() {
        Simulation sim = new Simulation(SimulationConfig.defaults(7));
        List<Long> ends = new ArrayList<>();
        Execution.Run[] run = new Execution.Run[1];
        sim.addNode(ctx -> {
            return new io.cangrid.overlay.NodeProgram() {
                @Override
                public void start() {
                    JobSpec spec = new JobSpec(new Requirements(0, 0, 0), 10, null);
                    JobProfile job = new JobProfile(new JobId(1, Point.of(new double[] {0, 0, 0, 0.5})), spec,
                            NodeId.of(1), 0, 1);
                    run[0] = new SimulatedExecution(ctx, 1.0).start(job, e -> ends.add(ctx.now()));
                    ctx.schedule(4_000, run[0]::suspend);
                    ctx.schedule(7_000, run[0]::resume);
                }

                @Override
                public void receive(NodeId from, io.cangrid.overlay.Message message) {
                    throw new IllegalStateException("no messages here");
                }

                @Override
                public void leave() {
                    throw new IllegalStateException("never asked to leave");
                }
            };
        });
        sim.runUntil(60_000);
        assertThat(ends).containsExactly(13_000L);
    }
}
