package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import java.util.List;

/** The usual cast of the recovery tests: an injection node, an owner, run nodes a and b (a preferred), a client. */
final class JobCast {
    final JobGrid grid;
    final NodeId injection;
    final NodeId owner;
    final NodeId a;
    final NodeId b;

    JobCast(long seed) {
        this(seed, 1);
    }

    JobCast(long seed, double cpuOfB) {
        grid = new JobGrid(seed);
        injection = grid.node(1);
        owner = grid.node(1);
        a = grid.node(1);
        b = grid.node(cpuOfB);
        grid.client(injection);
        grid.placement.ownerIs(owner);
        grid.placement.runOn(a, b);
    }

    JobId onlyJob() {
        assertThat(grid.log.jobs()).hasSize(1);
        return grid.log.jobs().get(0);
    }

    List<NodeId> nodes(JobLog.Kind kind, JobId id) {
        return grid.log.of(kind, id).stream().map(JobLog.Entry::node).toList();
    }
}
