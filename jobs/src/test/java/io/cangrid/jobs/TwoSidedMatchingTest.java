package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.ad.ExprSyntaxException;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A job runs on a node only when both sides say yes, checked as the job reaches the run node: the job's
 * requirements of the machine's ad, and the machine's {@code Start} of the job. A refusal there is a normal
 * outcome: the job goes back to its owner and is matched again.
 */
class TwoSidedMatchingTest {

    private static final Capabilities CAPS = new Capabilities(1.0, 4096, 100);

    private static MachineAd machine(String opSys, String accept) {
        return MachineAd.of(JobGrid.SCHEMA, CAPS, Map.of("OpSys", Value.of(opSys)), accept, 0);
    }

    @Test
    void aJobRefusedByAMachineItsRequirementsRuleOutRunsOnOneTheyAllow() {
        JobGrid g = new JobGrid(1);
        NodeId windows = g.node(1.0);
        NodeId linux = g.node(1.0);
        g.program(windows).agent.matchWith(machine("WINDOWS", null));
        g.program(linux).agent.matchWith(machine("LINUX", null));
        g.placement.ownerIs(windows);
        g.placement.runOn(windows, linux);
        g.placement.inTurn();
        g.client(windows);
        JobSpec spec = JobSpec.of(Requirements.none(3), 10)
                .withExpressions(new JobExpressions("other.OpSys == \"LINUX\"", null), JobGrid.SCHEMA);
        g.submit(0, spec);
        assertThat(g.runUntilDone(600_000)).isTrue();
        JobId id = g.log.jobs().get(0);
        assertThat(g.log.finalState(id)).isEqualTo(JobState.COMPLETED);
        assertThat(g.log.nodes(JobLog.Kind.STARTED, id)).containsExactly(linux);
    }

    @Test
    void aMachineWhoseStartRefusesAJobNeverRunsIt() {
        JobGrid g = new JobGrid(1);
        NodeId picky = g.node(1.0);
        g.program(picky).agent.matchWith(machine("LINUX", "other.Name != \"riffraff\""));
        g.placement.ownerIs(picky);
        g.placement.runOn(picky);
        g.client(picky);
        g.submit(0, new JobSpec(Requirements.none(3), 10, "riffraff"));
        g.submit(0, new JobSpec(Requirements.none(3), 10, "raman"));
        assertThat(g.runUntilDone(600_000)).isTrue();
        for (JobId id : g.log.jobs()) {
            String name = g.log.of(JobLog.Kind.SUBMITTED, id).get(0).job().spec().name();
            if (name.equals("riffraff")) {
                assertThat(g.log.finalState(id)).isEqualTo(JobState.FAILED);
                assertThat(g.log.nodes(JobLog.Kind.STARTED, id)).isEmpty();
                assertThat(g.log.only(JobLog.Kind.FINISHED, id).reason()).contains("--accept is false");
            } else {
                assertThat(g.log.finalState(id)).isEqualTo(JobState.COMPLETED);
            }
        }
    }

    @Test
    void requirementsRaiseTheJobsMinimumsToTheBoundsTheyImply() {
        JobSpec spec = JobSpec.of(new Requirements(0, 1024, 0), 10).withExpressions(
                new JobExpressions("other.Memory >= 2G && other.Disk >= 50G && other.CpuSpeed <= 4", "other.Memory"),
                JobGrid.SCHEMA);
        assertThat(spec.requirements().toArray()).containsExactly(0, 2048, 50);
        io.cangrid.overlay.ad.Ad job = spec.ad(JobGrid.SCHEMA);
        assertThat(io.cangrid.overlay.ad.Match.requirement(job, MachineAd.of(JobGrid.SCHEMA,
                new Capabilities(2.0, 4096, 60), Map.of(), null, 0).ad(), 0)).isEqualTo(Value.TRUE);
        assertThat(io.cangrid.overlay.ad.Match.requirement(job, MachineAd.of(JobGrid.SCHEMA,
                new Capabilities(5.0, 4096, 60), Map.of(), null, 0).ad(), 0)).isEqualTo(Value.FALSE);
        assertThat(io.cangrid.overlay.ad.Match.rank(job, MachineAd.of(JobGrid.SCHEMA,
                new Capabilities(2.0, 4096, 60), Map.of(), null, 0).ad(), 0)).isEqualTo(4096.0);
        assertThatThrownBy(() -> JobSpec.of(Requirements.none(3), 1).withExpressions(
                new JobExpressions("other.Memory > 4G && other.Memory < 2G", null), JobGrid.SCHEMA))
                .hasMessageContaining("no machine can satisfy the requirements: they ask for Memory both at least");
        assertThatThrownBy(() -> new JobExpressions("other.Memory >", null)).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("column 15");
    }
}
