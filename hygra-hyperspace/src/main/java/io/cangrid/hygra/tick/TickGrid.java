package io.cangrid.hygra.tick;

import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.hygra.protocol.FindingListener;
import io.cangrid.hygra.protocol.Heuristic;
import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.hygra.resource.HyperspaceSchema;
import io.cangrid.hygra.resource.QuantityResource;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The HYGRA nodes of one tick run and the global view the metrics need (which the nodes never see):
 * nodes join one after another through a random earlier node, then the overlay settles on its own.
 */
public final class TickGrid {

    private static final long POPULATION_STREAM = 1;
    private static final long JOIN_STREAM = 2;

    private final TickRuntime runtime;
    private final HyperspaceSchema schema;
    private final HygraParameters parameters;
    private final List<HygraNode> nodes = new ArrayList<>();

    /**
     * @param populationSeed capacities depend on this seed only, so every rate of an experiment has the
     *        same grid
     */
    public TickGrid(TickSettings settings, long populationSeed, long runSeed, FindingListener listener) {
        this.parameters = settings.parameters();
        this.runtime = new TickRuntime(runSeed, m -> m instanceof FindRequest);
        List<QuantityResource> quantities = new ArrayList<>();
        for (int r = 0; r < settings.resources(); r++) {
            quantities.add(new QuantityResource("r" + r, settings.capacityMax()));
        }
        this.schema = HyperspaceSchema.ofQuantities(quantities);
        RandomGenerator population = new SplitMix64(SplitMix64.derive(populationSeed, POPULATION_STREAM));
        RandomGenerator joins = new SplitMix64(SplitMix64.derive(runSeed, JOIN_STREAM));
        for (int i = 0; i < settings.nodes(); i++) {
            long[] capacity = new long[settings.resources()];
            for (int r = 0; r < capacity.length; r++) {
                capacity[r] = settings.capacityMin()
                        + population.nextLong(settings.capacityMax() - settings.capacityMin() + 1);
            }
            ResourceVector vector = schema.amounts(capacity);
            NodeId contact = nodes.isEmpty() ? null : nodes.get(joins.nextInt(nodes.size())).id();
            nodes.add(runtime.add(NodeId.of(i + 1L), ctx -> new HygraNode(ctx, parameters, schema, vector, contact,
                    listener)));
        }
    }

    public TickRuntime runtime() {
        return runtime;
    }

    public HyperspaceSchema schema() {
        return schema;
    }

    public List<HygraNode> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    /** Phase a) of a tick: one overlay cycle on every node, in an order drawn afresh each tick. */
    public void overlayPhase(RandomGenerator order) {
        List<HygraNode> shuffled = new ArrayList<>(nodes);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            Collections.swap(shuffled, i, order.nextInt(i + 1));
        }
        for (HygraNode node : shuffled) {
            runtime.step(node::cycle);
        }
    }

    public boolean anyCanHost(ResourceVector demand) {
        for (HygraNode node : nodes) {
            if (node.resources().canHost(demand)) {
                return true;
            }
        }
        return false;
    }

    /** The node the heuristic would pick with global knowledge; null when none can host. */
    public NodeState bestHost(FindRequest request) {
        Heuristic heuristic = parameters.heuristic();
        NodeState best = null;
        double bestDistance = 0;
        for (HygraNode node : nodes) {
            if (!node.resources().canHost(request.demand())) {
                continue;
            }
            double d = node.state().point().distanceTo(request.target());
            boolean better = heuristic == Heuristic.MAX_FREE ? d > bestDistance : d < bestDistance;
            if (best == null || better) {
                best = node.state();
                bestDistance = d;
            }
        }
        return best;
    }

    public double largestDistance() {
        double largest = 0;
        for (int i = 0; i < nodes.size(); i++) {
            for (int j = i + 1; j < nodes.size(); j++) {
                largest = Math.max(largest, nodes.get(i).state().point().distanceTo(nodes.get(j).state().point()));
            }
        }
        return largest;
    }
}
