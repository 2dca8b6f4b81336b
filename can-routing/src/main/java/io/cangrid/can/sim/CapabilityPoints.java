package io.cangrid.can.sim;

import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.random.RandomGenerator;

/**
 * Skewed node populations as desktop grids have them: most machines small, few large. Each resource is
 * drawn independently from discrete levels with {@code P(level k) ∝ 0.6^k} (cpu 1–4, memory 512–16384
 * MiB, disk 20–640 GiB), normalised by the default schema, with a uniform virtual coordinate last.
 */
public final class CapabilityPoints implements PointSource {

    static final double[] CPU_LEVELS = {1, 1.5, 2, 3, 4};
    static final double[] MEMORY_LEVELS = {512, 1024, 2048, 4096, 8192, 16384};
    static final double[] DISK_LEVELS = {20, 40, 80, 160, 320, 640};
    private static final double DECAY = 0.6;

    private final ResourceSchema schema = ResourceSchema.defaultSchema();

    public Capabilities nextCapabilities(RandomGenerator random) {
        return new Capabilities(level(CPU_LEVELS, random), level(MEMORY_LEVELS, random), level(DISK_LEVELS, random));
    }

    @Override
    public Point next(RandomGenerator random) {
        return schema.pointOf(nextCapabilities(random), random.nextDouble());
    }

    static double level(double[] levels, RandomGenerator random) {
        double total = 0;
        for (int k = 0; k < levels.length; k++) {
            total += Math.pow(DECAY, k);
        }
        double u = random.nextDouble() * total;
        for (int k = 0; k < levels.length; k++) {
            u -= Math.pow(DECAY, k);
            if (u < 0) {
                return levels[k];
            }
        }
        return levels[levels.length - 1];
    }
}
