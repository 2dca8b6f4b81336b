package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.CanNode;
import io.cangrid.can.Refusals;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.jobs.JobLoad;
import io.cangrid.load.push.CanPConfig;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import io.cangrid.overlay.sim.WireMode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A grid member that publishes malformed load aggregates in every state message, one kind of malformation per
 * run, on the deterministic simulation. Its neighbours refuse each one (counted), keep reading its last good
 * loads, and stay up: no exception in any timer, the overlay stays tiled with exact neighbour tables, every
 * node's published aggregates stay exact on the lower faces of the space, and new jobs still start.
 */
class HostileLoadStateTest {

    private static final long SEED = 61;
    private static final int NODES = 30;
    private static final int ATTACK_PERIODS = 6;

    /** A malformed version of what the liar publishes, built from one of its zones. */
    enum Malformed {
        EMPTY_AGGREGATES(z -> loads(new ZoneLoad(z, 1, 0, new double[0], new double[0]))),
        AGGREGATES_OF_ANOTHER_DIMENSION(z -> loads(new ZoneLoad(z, 1, 0, new double[z.dimensions() + 2],
                new double[z.dimensions() + 2]))),
        NAN_SHARE(z -> loads(new ZoneLoad(z, Double.NaN, 0, new double[z.dimensions()], new double[z.dimensions()]))),
        NEGATIVE_QUEUE(z -> loads(new ZoneLoad(z, 1, -50, new double[z.dimensions()], new double[z.dimensions()]))),
        HUGE_AGGREGATE(z -> loads(new ZoneLoad(z, 1, 0, filled(z.dimensions(), 1e300), new double[z.dimensions()]))),
        INFINITE_BACKLOG(z -> new LoadState(new JobLoad(0, Double.POSITIVE_INFINITY), new ZoneLoad[] {
            ZoneLoad.alone(z, 1, 0)})),
        NEGATIVE_FREE_CORES(z -> new LoadState(new JobLoad(0, 0, true, -4, -1), new ZoneLoad[] {
            ZoneLoad.alone(z, 1, 0)})),
        MORE_FREE_CORES_THAN_ANY_MACHINE(z -> new LoadState(new JobLoad(0, 0, true, 1 << 20, -1), new ZoneLoad[] {
            ZoneLoad.alone(z, 1, 0)})),
        NAN_FREE_MEMORY(z -> new LoadState(new JobLoad(0, 0, true, 1, Double.NaN), new ZoneLoad[] {
            ZoneLoad.alone(z, 1, 0)})),
        SHARE_OF_MORE_CORES_THAN_ANY_MACHINE(z -> loads(ZoneLoad.alone(z, 1e9, 0))),
        MORE_ZONE_LOADS_THAN_ZONES(z -> loads(ZoneLoad.alone(z, 1, 0), ZoneLoad.alone(z, 1, 0),
                ZoneLoad.alone(z, 1, 0))),
        ZONE_OF_ANOTHER_SPACE(z -> loads(ZoneLoad.alone(Zone.wholeSpace(z.dimensions() - 1), 1, 0))),
        CATEGORIES_OUT_OF_ORDER(z -> loads(withCategories(z, new String[] {"WINDOWS", "LINUX"}, 1))),
        CATEGORY_COUNT_NAN(z -> loads(withCategories(z, new String[] {"LINUX"}, Double.NaN))),
        CATEGORY_AGGREGATES_SHORT(z -> loads(new ZoneLoad(z, 1, 0, new double[z.dimensions()],
                new double[z.dimensions()], new CategoryLoads(new String[] {"LINUX"}, new double[1], new double[1],
                        new double[1], new double[1])))),
        TOO_MANY_CATEGORIES(z -> loads(withCategories(z, java.util.stream.IntStream.range(0, 100)
                .mapToObj(i -> String.format("OS%03d", i)).toArray(String[]::new), 1)));

        final Function<Zone, LoadState> make;

        Malformed(Function<Zone, LoadState> make) {
            this.make = make;
        }

        /** A zone load split by {@code names}, each with {@code share} of the node and nothing above. */
        private static ZoneLoad withCategories(Zone z, String[] names, double share) {
            int k = names.length;
            double[] own = new double[k];
            java.util.Arrays.fill(own, share);
            return new ZoneLoad(z, 1, 0, new double[z.dimensions()], new double[z.dimensions()],
                    new CategoryLoads(names, own, new double[k], new double[k * z.dimensions()],
                            new double[k * z.dimensions()]));
        }

        private static LoadState loads(ZoneLoad... zones) {
            return new LoadState(JobLoad.IDLE, zones);
        }

        private static double[] filled(int n, double v) {
            double[] a = new double[n];
            Arrays.fill(a, v);
            return a;
        }
    }

    @ParameterizedTest
    @EnumSource(Malformed.class)
    void malformedLoadsAreRefusedAndTheGridKeepsWorking(Malformed kind) {
        // On the wire a state cannot even carry zones of two spaces: the codec refuses to encode it at the
        // liar, so with copy-on-send there is no message for the receivers to refuse.
        Assumptions.assumeFalse(kind == Malformed.ZONE_OF_ANOTHER_SPACE
                && WireMode.fromSystemProperty() == WireMode.KRYO, "the wire format cannot carry " + kind);
        LoadGrid grid = new LoadGrid(SEED, CanPConfig.withStoppingFactor(2));
        String context = "seed " + SEED + ", " + kind;
        grid.grow(NODES, LoadGrid.Population.UNIFORM, 40);
        assertThat(grid.settle(60)).as("%s: overlay settles: %s", context, grid.inspect().describe()).isTrue();
        grid.submitEndless(2 * NODES);
        assertThat(grid.runUntilAllQueued(2 * NODES, 60_000)).as("%s: every job queued", context).isTrue();
        grid.sim.runFor(10 * grid.updatePeriod());
        assertThat(AggregateCheck.lowerFaceMismatch(grid.active())).as("%s: exact before the attack", context).isNull();

        CanNode liar = grid.activeCans().get(NODES / 2);
        LoadState lie = kind.make.apply(liar.zones()[0]);
        long attackEnds = grid.sim.now() + ATTACK_PERIODS * grid.updatePeriod();
        AtomicLong liesDelivered = new AtomicLong();
        grid.onSend(sent -> {
            // Sent a period before the end: delivered by then. An unchanged lie goes on as beats, which
            // leave each neighbour with the last good loads it kept.
            if (sent.from().equals(liar.id()) && sent.message() instanceof NeighbourState s && s.extension() == lie
                    && sent.at() <= attackEnds - grid.updatePeriod()) {
                liesDelivered.incrementAndGet();
            }
        });
        liar.setStateExtension(() -> lie);
        for (int p = 0; p < ATTACK_PERIODS; p++) {
            grid.sim.runFor(grid.updatePeriod());
            assertThat(grid.isSettled()).as("%s, period %d of the attack: tiled, exact tables: %s", context, p,
                    grid.inspect().describe()).isTrue();
            assertThat(grid.active()).as(context).hasSize(NODES);
        }
        // The liar's neighbours go on with its last good loads, and what the liar itself computes is its own.
        assertThat(AggregateCheck.lowerFaceMismatch(grid.active()))
                .as("%s: aggregates stay exact on the lower faces", context).isNull();
        long refused = 0;
        for (CanNode n : grid.activeCans()) {
            refused += n.refusals().count(Refusals.Kind.BAD_EXTENSION);
        }
        assertThat(refused).as("%s: every neighbour refuses the malformed state", context)
                .isGreaterThanOrEqualTo(liar.neighbours().size())
                .as("%s: every malformed state is refused", context)
                .isGreaterThanOrEqualTo(liesDelivered.get());

        grid.submitEndless(NODES);
        assertThat(grid.runUntilAllQueued(3 * NODES, 60_000)).as("%s: new jobs still start", context).isTrue();
    }
}
