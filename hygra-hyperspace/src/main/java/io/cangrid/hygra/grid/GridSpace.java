package io.cangrid.hygra.grid;

import io.cangrid.hygra.resource.DiscreteAttribute;
import io.cangrid.hygra.resource.HyperspaceSchema;
import io.cangrid.hygra.resource.QuantityResource;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The job model's resources as a HYGRA hyperspace (hygra.md, "HYGRA in the job life cycle"). Each real
 * dimension of the {@link ResourceSchema} (cpu, memory MiB, disk GiB) becomes a quantity resource whose
 * amount is the dimension's normalised value (the CAN's linear or logarithmic scale) in units of 2^-20,
 * so a node's HYGRA point is its CAN point; the CAN's virtual dimension becomes a last quantity that nodes
 * draw and requests never ask for. The run queue's single slot is a discrete attribute, {@code slot}
 * (free or busy): a node has its whole capacity to offer while its queue is empty and nothing while it
 * works, and a job asks for a free slot.
 */
public final class GridSpace {

    /** Amount units per unit of normalised coordinate. */
    public static final long UNITS = 1L << 20;
    public static final String VIRTUAL = "virtual";
    public static final String SLOT = "slot";
    public static final String FREE = "free";
    public static final String BUSY = "busy";

    private final ResourceSchema schema;
    private final HyperspaceSchema hyperspace;

    public GridSpace(ResourceSchema schema) {
        this.schema = schema;
        List<QuantityResource> quantities = new ArrayList<>();
        for (int i = 0; i < schema.realDimensions(); i++) {
            quantities.add(new QuantityResource(schema.dimension(i).name(), UNITS));
        }
        quantities.add(new QuantityResource(VIRTUAL, UNITS));
        this.hyperspace = new HyperspaceSchema(quantities, List.of(new DiscreteAttribute(SLOT, Set.of(FREE, BUSY))));
    }

    public ResourceSchema schema() {
        return schema;
    }

    public HyperspaceSchema hyperspace() {
        return hyperspace;
    }

    /** What a node offers: its capabilities at the CAN's point with {@code virtual}, and its slot. */
    public ResourceVector offer(Capabilities capabilities, double virtual, boolean free) {
        return hyperspace.capacity(amounts(schema.pointOf(capabilities, virtual)), Map.of(SLOT, free ? FREE : BUSY));
    }

    /** What a job asks: its normalised minimum requirements, nothing of the virtual axis, a free slot. */
    public ResourceVector demand(Requirements requirements) {
        return hyperspace.request(amounts(schema.pointOf(requirements, 0)), Map.of(SLOT, FREE));
    }

    /**
     * Whether {@code offer} covers {@code demand} in every quantity, whatever the slot: the node is
     * capable, though perhaps busy. Normalisation is monotone and both sides are rounded alike, so a node
     * whose raw capability meets the requirement always passes.
     */
    public static boolean capable(ResourceVector offer, ResourceVector demand) {
        for (int i = 0; i < offer.size(); i++) {
            if (offer.amount(i) < demand.amount(i)) {
                return false;
            }
        }
        return true;
    }

    private Map<String, Long> amounts(Point p) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < p.dimensions(); i++) {
            out.put(hyperspace.quantities().get(i).name(), Math.round(p.get(i) * UNITS));
        }
        return out;
    }
}
