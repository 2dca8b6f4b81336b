package io.cangrid.overlay.ad;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;

/**
 * The ad attribute that stands for each real dimension of the resource space, and its unit: {@code CpuSpeed}
 * (relative to a baseline node), {@code Memory} and {@code Disk} (MiB, the unit of a size literal such as
 * {@code 2G}), {@code Cpus}. A dimension of another schema is the attribute of its own name, in its own unit.
 */
public final class ResourceAttributes {

    private ResourceAttributes() {
    }

    /** The attribute of dimension {@code d}. */
    public static String attribute(ResourceDimension d) {
        return switch (d.name()) {
            case ResourceSchema.CPU -> "CpuSpeed";
            case ResourceSchema.MEMORY -> "Memory";
            case ResourceSchema.DISK -> "Disk";
            case ResourceSchema.CORES -> "Cpus";
            default -> d.name();
        };
    }

    /** How many of the dimension's units one unit of the attribute is (the disk axis counts GiB, ads MiB). */
    public static double toDimension(ResourceDimension d) {
        return d.name().equals(ResourceSchema.DISK) ? 1.0 / 1024 : 1.0;
    }

    /** The ad of a node's capabilities in {@code schema}: one attribute a real dimension. */
    public static Ad adOf(ResourceSchema schema, Capabilities capabilities) {
        Ad ad = Ad.EMPTY;
        for (int i = 0; i < schema.realDimensions(); i++) {
            ResourceDimension d = schema.dimension(i);
            double v = capabilities.get(i) / toDimension(d);
            ad = ad.with(attribute(d), v == Math.rint(v) && Math.abs(v) < 1e15 ? Value.of((long) v) : Value.of(v));
        }
        return ad;
    }
}
