package io.cangrid.can.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class NeighbourGraphTest {

    @Test
    void stripsInARowAreAsManyHopsApartAsStripsBetweenThem() {
        Zone[] a = Zone.wholeSpace(2).split(0, 0.5, 1);
        Zone[] left = a[0].split(0, 0.25, 2);
        Zone[] right = a[1].split(0, 0.75, 2);
        List<Zone> zones = List.of(left[0], left[1], right[0], right[1]);
        NeighbourGraph g = NeighbourGraph.of(PartitionIndex.build(2, zones, owners(4)));
        assertThat(g.shortestHops(NodeId.of(0), NodeId.of(3))).isEqualTo(3);
        assertThat(g.shortestHops(NodeId.of(2), NodeId.of(2))).isZero();
        assertThat(g.shortestHops(NodeId.of(0), NodeId.of(9))).isEqualTo(-1);
    }

    @Property(tries = 40)
    void shortestHopsMatchBruteForce(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int n,
            @ForAll @IntRange(min = 2, max = 4) int dims) {
        List<Zone> zones = PartitionIndexProperties.randomPartition(seed, n, dims);
        NeighbourGraph g = NeighbourGraph.of(PartitionIndex.build(dims, zones, owners(zones.size())));
        int[] expected = bruteForce(zones, 0);
        for (int j = 0; j < zones.size(); j++) {
            assertThat(g.shortestHops(NodeId.of(0), NodeId.of(j))).as("seed %d, zone %d", seed, j)
                    .isEqualTo(expected[j]);
        }
    }

    private static int[] bruteForce(List<Zone> zones, int from) {
        int[] dist = new int[zones.size()];
        Arrays.fill(dist, -1);
        dist[from] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int v = 0; v < zones.size(); v++) {
                if (dist[v] < 0 && zones.get(u).isNeighbourOf(zones.get(v))) {
                    dist[v] = dist[u] + 1;
                    queue.add(v);
                }
            }
        }
        return dist;
    }

    private static List<NodeId> owners(int n) {
        List<NodeId> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(NodeId.of(i));
        }
        return out;
    }
}
