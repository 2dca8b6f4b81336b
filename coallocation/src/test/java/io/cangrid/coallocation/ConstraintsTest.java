package io.cangrid.coallocation;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The checker names each kind of broken constraint, so that a solver's mistake cannot pass unseen. */
class ConstraintsTest {
    private final Request request = new Request(new int[] {10, 10, 30}, new int[] {1, 1, 1},
            new int[][] {{0, 50, 0}, {50, 0, 0}, {0, 0, 0}});
    private final Offer offer = new Offer(new int[] {20, 40}, new int[] {8, 8}, new int[] {1, 2},
            new int[][] {{100, 40}, {40, 60}});

    @Test
    void aFeasibleAllocationBreaksNothing() {
        assertThat(Constraints.violations(request, offer, new Allocation(new int[] {0, -1, 1}))).isEmpty();
        assertThat(Constraints.violations(request, offer, new Allocation(new int[] {1, 1, -1}))).isEmpty();
    }

    @Test
    void tooManyTasksInACluster() {
        assertThat(Constraints.violations(request, offer, new Allocation(new int[] {0, 0, -1})))
                .contains("cluster 0 is given 2 tasks; it has 1 free machines");
    }

    @Test
    void aMachineTooSmallForItsTask() {
        assertThat(Constraints.violations(request, offer, new Allocation(new int[] {-1, -1, 0})))
                .containsExactly("task 2 needs cpu 30 and memory 1; cluster 0 has 20 and 8");
    }

    @Test
    void aLinkTooNarrowBetweenClusters() {
        assertThat(Constraints.violations(request, offer, new Allocation(new int[] {0, 1, -1})))
                .containsExactly("tasks 0 and 1 need 50 between clusters 0 and 1, which have 40");
    }

    @Test
    void aClusterThatDoesNotExist() {
        assertThat(Constraints.violations(request, offer, new Allocation(new int[] {2, -1, -1})))
                .containsExactly("task 0 is placed in cluster 2, which does not exist");
    }
}
