package io.cangrid.overlay.resource;

import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * The real dimensions of the resource space, in order. The overlay space has one more axis, the virtual
 * one, always last: {@link #spaceDimensions()} = real dimensions + 1.
 */
public final class ResourceSchema {

    public static final String CPU = "cpu";
    public static final String MEMORY = "memory";
    public static final String DISK = "disk";
    /** A node's cores, where the schema has the dimension: see {@link #withCores()}. */
    public static final String CORES = "cores";

    private final List<ResourceDimension> dimensions;

    public ResourceSchema(List<ResourceDimension> dimensions) {
        if (dimensions.isEmpty()) {
            throw new IllegalArgumentException("a resource schema needs at least one real dimension");
        }
        List<String> seen = new ArrayList<>();
        for (ResourceDimension d : dimensions) {
            if (seen.contains(d.name())) {
                throw new IllegalArgumentException("dimension '" + d.name() + "' appears twice in the schema");
            }
            seen.add(d.name());
        }
        this.dimensions = List.copyOf(dimensions);
    }

    /**
     * The default schema: cpu speed relative to a baseline node (linear, 0.25–8), memory in MiB and disk in
     * GiB (both log-scaled, because desktop machines differ by orders of magnitude in both).
     */
    public static ResourceSchema defaultSchema() {
        return new ResourceSchema(List.of(
                new ResourceDimension(CPU, 0.25, 8.0, Scale.LINEAR, "x"),
                new ResourceDimension(MEMORY, 256, 262144, Scale.LOG, "MiB"),
                new ResourceDimension(DISK, 1, 16384, Scale.LOG, "GiB")));
    }

    /**
     * The live grid's schema: the default one with the cores a node lends as a fourth dimension, so a job
     * of k cores is routed, like any requirement, only to nodes of at least k cores.
     */
    public static ResourceSchema desktopSchema() {
        return defaultSchema().withCores();
    }

    /**
     * This schema with {@link #CORES} (1–1024, log-scaled: most machines have few cores, some many) as its
     * last real dimension; this schema itself when it has it already. A grid whose nodes all have one core
     * leaves it out: the dimension would tell them nothing.
     */
    public ResourceSchema withCores() {
        if (indexOf(CORES) >= 0) {
            return this;
        }
        List<ResourceDimension> more = new ArrayList<>(dimensions);
        more.add(new ResourceDimension(CORES, 1, 1024, Scale.LOG, "cores"));
        return new ResourceSchema(more);
    }

    public List<ResourceDimension> dimensions() {
        return dimensions;
    }

    public int realDimensions() {
        return dimensions.size();
    }

    /** Real dimensions plus the virtual one. */
    public int spaceDimensions() {
        return dimensions.size() + 1;
    }

    public int virtualDimension() {
        return dimensions.size();
    }

    /** Index of a dimension by name, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < dimensions.size(); i++) {
            if (dimensions.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public ResourceDimension dimension(int index) {
        return dimensions.get(index);
    }

    /** The overlay point of a node: normalised capabilities, then its virtual coordinate. */
    public Point pointOf(Capabilities capabilities, double virtualCoordinate) {
        return point(capabilities.values(), virtualCoordinate);
    }

    /** The overlay point of a job: normalised requirements (0 where unconstrained), then its virtual coordinate. */
    public Point pointOf(Requirements requirements, double virtualCoordinate) {
        return point(requirements.values(), virtualCoordinate);
    }

    private Point point(double[] raw, double virtualCoordinate) {
        if (raw.length != dimensions.size()) {
            throw new IllegalArgumentException("expected " + dimensions.size() + " values, got " + raw.length);
        }
        double[] coords = new double[spaceDimensions()];
        for (int i = 0; i < raw.length; i++) {
            coords[i] = raw[i] > 0 ? dimensions.get(i).normalise(raw[i]) : 0.0;
        }
        coords[coords.length - 1] = virtualCoordinate;
        return Point.of(coords);
    }

    @Override
    public String toString() {
        return "ResourceSchema" + dimensions;
    }
}
