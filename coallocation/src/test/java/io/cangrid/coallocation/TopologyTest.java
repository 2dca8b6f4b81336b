package io.cangrid.coallocation;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopologyTest {
    @Test
    void shapesLinkTheTasksTheyName() {
        assertThat(Request.uniform(1, 1, Topology.ring(6, 5)).links()).isEqualTo(6);
        assertThat(Request.uniform(1, 1, Topology.allToAll(6, 5)).links()).isEqualTo(15);
        // 12 tasks as a 3 × 4 mesh: 3 rows of 3 links, 4 columns of 2.
        assertThat(Request.uniform(1, 1, Topology.mesh2d(12, 5)).links()).isEqualTo(17);
        assertThat(Topology.named("Ring", 4, 7)[3][0]).isEqualTo(7);
        assertThat(Topology.edges(3, List.of(new Topology.Edge(0, 2, 9)))[2][0]).isEqualTo(9);
    }

    @Test
    void anEdgeNamingATaskThatDoesNotExistIsRefusedByName() {
        assertThatThrownBy(() -> Topology.edges(4, List.of(new Topology.Edge(0, 1, 5), new Topology.Edge(1, 7, 5))))
                .isInstanceOf(TopologyException.class)
                .hasMessage("edge 1 (1-7) names task 7, which does not exist; the tasks are 0..3");
    }

    @Test
    void selfLinksNegativeBandwidthsAndUnknownShapesAreRefused() {
        assertThatThrownBy(() -> Topology.edges(4, List.of(new Topology.Edge(2, 2, 5))))
                .hasMessage("edge 0 (2-2) links task 2 to itself");
        assertThatThrownBy(() -> Topology.edges(4, List.of(new Topology.Edge(0, 1, -5))))
                .hasMessage("edge 0 (0-1) needs a negative bandwidth, -5");
        assertThatThrownBy(() -> Topology.named("torus", 4, 5))
                .hasMessage("Topology = \"torus\" is not a shape; use ring, all-to-all, mesh2d, or explicit Edges");
    }
}
