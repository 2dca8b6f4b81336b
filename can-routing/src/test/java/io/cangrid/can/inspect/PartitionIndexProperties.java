package io.cangrid.can.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The index against brute force on random partitions. */
class PartitionIndexProperties {

    static List<Zone> randomPartition(long seed, int zones, int dims) {
        Random rnd = new Random(seed);
        List<Zone> out = new ArrayList<>();
        out.add(Zone.wholeSpace(dims));
        while (out.size() < zones) {
            Zone z = out.remove(rnd.nextInt(out.size()));
            int d = rnd.nextInt(dims);
            double at = z.lo(d) + z.length(d) * (0.1 + 0.8 * rnd.nextDouble());
            Zone[] h = z.split(d, at, z.epoch() + 1);
            out.add(h[0]);
            out.add(h[1]);
        }
        return out;
    }

    @Property(tries = 60)
    void neighboursAndOwnersMatchBruteForce(@ForAll long seed, @ForAll @IntRange(min = 1, max = 120) int n,
            @ForAll @IntRange(min = 2, max = 4) int dims) {
        List<Zone> zones = randomPartition(seed, n, dims);
        List<NodeId> owners = new ArrayList<>();
        for (int i = 0; i < zones.size(); i++) {
            owners.add(NodeId.of(i));
        }
        PartitionIndex index = PartitionIndex.build(dims, zones, owners);
        assertThat(index.tilingOk()).as("seed %d: %s", seed, index.problems()).isTrue();
        assertThat(index.volumeSum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        for (int i = 0; i < zones.size(); i++) {
            Set<Zone> expected = new HashSet<>();
            for (int j = 0; j < zones.size(); j++) {
                if (i != j && zones.get(i).isNeighbourOf(zones.get(j))) {
                    expected.add(zones.get(j));
                }
            }
            Set<Zone> found = new HashSet<>();
            index.forEachNeighbour(zones.get(i), found::add, o -> { });
            assertThat(found).as("seed %d zone %d", seed, i).isEqualTo(expected);
        }
        Random rnd = new Random(seed);
        for (int k = 0; k < 50; k++) {
            double[] c = new double[dims];
            for (int d = 0; d < dims; d++) {
                c[d] = rnd.nextDouble();
            }
            Point p = Point.of(c);
            NodeId owner = index.ownerOf(p);
            assertThat(zones.get((int) owner.value()).contains(p)).isTrue();
        }
    }

    @Test
    void detectsHolesAndOverlaps() {
        List<Zone> zones = randomPartition(7, 10, 3);
        List<NodeId> owners = new ArrayList<>();
        for (int i = 0; i < zones.size(); i++) {
            owners.add(NodeId.of(i));
        }
        List<Zone> holed = new ArrayList<>(zones);
        holed.remove(3);
        assertThat(PartitionIndex.build(3, holed, owners.subList(0, 9)).tilingOk()).isFalse();
        List<Zone> doubled = new ArrayList<>(zones);
        doubled.add(zones.get(2));
        List<NodeId> o2 = new ArrayList<>(owners);
        o2.add(NodeId.of(99));
        assertThat(PartitionIndex.build(3, doubled, o2).tilingOk()).isFalse();
        List<Zone> withParent = new ArrayList<>(zones);
        withParent.add(Zone.wholeSpace(3));
        assertThat(PartitionIndex.build(3, withParent, o2).tilingOk()).isFalse();
    }
}
