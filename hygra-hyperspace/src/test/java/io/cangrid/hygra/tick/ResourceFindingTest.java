package io.cangrid.hygra.tick;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.DeadEndStrategy;
import io.cangrid.hygra.protocol.FindingListener;
import io.cangrid.hygra.protocol.Heuristic;
import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.hygra.protocol.Placement;
import io.cangrid.hygra.protocol.VisitIdentity;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ResourceFindingTest {

    @Property(tries = 6)
    void backtrackingByIdNeverVisitsANodeTwice(@ForAll long seed) {
        HygraParameters parameters = HygraParameters.paperDefaults();
        MoveLog log = new MoveLog();
        TickGrid grid = new TickGrid(OverlayPropertiesTest.settings(seed, 60, parameters), seed, seed, log);
        RandomGenerator random = new SplitMix64(seed);
        long id = 1;
        for (int t = 0; t < 120; t++) {
            grid.overlayPhase(random);
            // One move per tick: long searches cross a grid that changes under them.
            grid.runtime().requestPhase();
            for (int i = 0; i < 30; i++) {
                HygraNode entry = grid.nodes().get(random.nextInt(grid.nodes().size()));
                entry.submit(id++, grid.schema().amounts(30 + random.nextLong(60), 30 + random.nextLong(60)),
                        (1 + random.nextLong(40)) * TickRuntime.TICK_MILLIS);
            }
            grid.runtime().completionPhase();
            grid.runtime().advance();
        }
        assertThat(log.backMoves).as("seed %d: the load must make requests backtrack", seed).isPositive();
        assertThat(log.revisits).as("seed %d: forward moves onto a node the request had visited", seed).isEmpty();
        assertThat(log.endedRequests).as("seed %d", seed).isPositive();
    }

    @Test
    void stopFailsAtLeastAsOftenAsBacktrackingOnALoadedRun() {
        long seed = 11;
        HygraParameters backtracking = HygraParameters.paperDefaults();
        HygraParameters stop = backtracking.withSearch(Heuristic.MAX_FREE, DeadEndStrategy.STOP, VisitIdentity.BY_ID,
                Placement.FIRST_FIT);
        TickSettings loaded = TickSettings.paper(seed, backtracking).withNodes(60).withTicks(20, 50, 150)
                .withRates(List.of(60)).withPace(RequestPace.ONE_MOVE);
        RateResult withBacktracking = new TickExperiment(loaded).run(60);
        RateResult withStop = new TickExperiment(loaded.withParameters(stop)).run(60);
        assertThat(withBacktracking.nRej()).as("the run must be loaded").isPositive();
        assertThat(withStop.nFails()).isPositive().isGreaterThanOrEqualTo(withBacktracking.nFails());
        assertThat(withStop.failures()).containsKey(FindFailure.DEAD_END);
    }

    @Test
    void aTickExperimentIsReproducibleFromItsSeed() {
        TickSettings settings = TickSettings.paper(5, HygraParameters.paperDefaults()).withNodes(50)
                .withTicks(10, 30, 80).withRates(List.of(30, 90));
        List<RateResult> first = new TickExperiment(settings).run();
        List<RateResult> again = new TickExperiment(settings).run();
        List<RateResult> otherSeed = new TickExperiment(settings.withSeed(6)).run();
        assertThat(again).isEqualTo(first);
        assertThat(otherSeed).isNotEqualTo(first);
        assertThat(first).allSatisfy(r -> {
            assertThat(r.nReq()).isEqualTo(r.nAlloc() + r.nRej() + r.nFails());
            assertThat(r.optimality()).isBetween(0.0, 1.0);
        });
    }

    /** Records every move of every request; flags a forward move onto a node already visited. */
    private static final class MoveLog implements FindingListener {
        final Map<Long, Set<NodeId>> visited = new HashMap<>();
        final List<String> revisits = new ArrayList<>();
        long backMoves;
        long endedRequests;

        @Override
        public void moved(FindRequest request, NodeId from, NodeId to, boolean back) {
            Set<NodeId> seen = visited.computeIfAbsent(request.requestId(), k -> new HashSet<>());
            seen.add(from);
            if (back) {
                backMoves++;
            } else if (seen.contains(to)) {
                revisits.add("request " + request.requestId() + " went forward to " + to + " again");
            }
        }

        @Override
        public void allocated(FindRequest request, NodeState hostBefore) {
            endedRequests++;
        }

        @Override
        public void failed(FindRequest request, NodeId at, FindFailure failure) {
            endedRequests++;
        }
    }
}
