package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.cangrid.can.geometry.Zone;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Exactness on random zone layouts: after as many synchronous rounds as zones (more than any upward chain),
 * summing {@code Info + AggrInfo_d} over the zones on the lower face in d gives exactly the node count and
 * the total queue length, and the multipliers of each zone's lower neighbours sum to 1.
 */
class LoadAggregationProperties {

    static List<Zone> randomPartition(Random rnd, int zones, int dims) {
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

    @Property(tries = 40)
    void lowerFaceSumsAreExact(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int n,
            @ForAll @IntRange(min = 2, max = 4) int dims) {
        Random rnd = new Random(seed);
        List<Zone> zones = randomPartition(rnd, n, dims);
        double[] queue = new double[n];
        double totalQueue = 0;
        for (int i = 0; i < n; i++) {
            queue[i] = rnd.nextInt(6);
            totalQueue += queue[i];
        }
        List<ZoneLoad> loads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            loads.add(ZoneLoad.alone(zones.get(i), 1, queue[i]));
        }
        for (int round = 0; round < n + 1; round++) {
            List<ZoneLoad> next = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                next.add(LoadAggregation.compute(zones.get(i), 1, queue[i], loads));
            }
            loads = next;
        }
        for (int d = 0; d < dims; d++) {
            double nodes = 0;
            double queued = 0;
            for (ZoneLoad l : loads) {
                if (l.zone().lo(d) == 0.0) {
                    nodes += l.nodesFrom(d);
                    queued += l.queuedFrom(d);
                }
            }
            assertThat(nodes).as("seed %d dimension %d", seed, d).isCloseTo(n, offset(1e-9 * n));
            assertThat(queued).as("seed %d dimension %d", seed, d).isCloseTo(totalQueue, offset(1e-9 * n));
        }
        for (Zone upper : zones) {
            for (int d = 0; d < dims; d++) {
                if (upper.lo(d) == 0.0) {
                    continue;
                }
                double sum = 0;
                for (Zone lower : zones) {
                    if (lower.hasUpperNeighbour(upper, d)) {
                        sum += OverlapWeight.of(lower, upper, d);
                    }
                }
                assertThat(sum).as("seed %d", seed).isCloseTo(1.0, offset(1e-9));
            }
        }
    }

    /**
     * Eq. 1–2 are linear, so counts split by category aggregate exactly as the totals: on the lower face in
     * d, each category's machines and queue sum to what the zones of that category hold; and a category no
     * zone has is absent.
     */
    @Property(tries = 40)
    void lowerFaceSumsAreExactPerCategory(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int n,
            @ForAll @IntRange(min = 2, max = 4) int dims) {
        Random rnd = new Random(seed);
        List<Zone> zones = randomPartition(rnd, n, dims);
        String[] kinds = {"LINUX", "OSF1", "WINNT51"};
        String[] category = new String[n];
        double[] queue = new double[n];
        java.util.Map<String, double[]> expected = new java.util.TreeMap<>();
        for (int i = 0; i < n; i++) {
            category[i] = kinds[rnd.nextInt(kinds.length)];
            queue[i] = rnd.nextInt(6);
            double[] e = expected.computeIfAbsent(category[i], c -> new double[2]);
            e[0] += 1;
            e[1] += queue[i];
        }
        List<ZoneLoad> loads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            loads.add(LoadAggregation.compute(zones.get(i), 1, queue[i], category[i], List.of()));
        }
        for (int round = 0; round < n + 1; round++) {
            List<ZoneLoad> next = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                next.add(LoadAggregation.compute(zones.get(i), 1, queue[i], category[i], loads));
            }
            loads = next;
        }
        for (int d = 0; d < dims; d++) {
            for (String c : kinds) {
                double nodes = 0;
                double queued = 0;
                for (ZoneLoad l : loads) {
                    if (l.zone().lo(d) == 0.0) {
                        nodes += l.categories().nodesFrom(d, c);
                        queued += l.categories().queuedFrom(d, c);
                    }
                }
                double[] e = expected.getOrDefault(c, new double[2]);
                assertThat(nodes).as("seed %d dimension %d category %s", seed, d, c).isCloseTo(e[0], offset(1e-9 * n));
                assertThat(queued).as("seed %d dimension %d category %s", seed, d, c).isCloseTo(e[1], offset(1e-9 * n));
            }
        }
        for (ZoneLoad l : loads) {
            for (String name : l.categories().names()) {
                assertThat(expected).as("seed %d", seed).containsKey(name);
            }
        }
    }
}
