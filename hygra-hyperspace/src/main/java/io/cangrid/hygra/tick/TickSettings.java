package io.cangrid.hygra.tick;

import io.cangrid.hygra.protocol.HygraParameters;
import java.util.List;

/**
 * One tick experiment: the grid, the workload and how long to measure. Defaults are the paper's set-up
 * (section V.B) with the run length this project chose.
 *
 * @param capacityMin smallest capacity of each resource (uniform integer in [min, max])
 * @param meanAmount mean of the Poisson amount a request asks of each resource
 * @param meanDurationTicks mean of the Poisson duration of a job, counted from its allocation
 * @param settleTicks ticks of overlay construction alone after every node has joined, before any request
 * @param warmupTicks ticks of requests before measuring, so the grid starts measurement full
 * @param measuredTicks ticks whose new requests are measured; requests still travelling when they end are
 *        followed to their outcome while arrivals go on
 */
public record TickSettings(long seed, int nodes, int resources, long capacityMin, long capacityMax,
        HygraParameters parameters, double meanAmount, double meanDurationTicks, int settleTicks, int warmupTicks,
        int measuredTicks, RequestPace pace, List<Integer> rates) {

    public static final List<Integer> PAPER_RATES = List.of(20, 30, 40, 50, 60, 70, 80, 100, 120, 150);
    public static final int DEFAULT_SETTLE_TICKS = 20;
    public static final int DEFAULT_WARMUP_TICKS = 100;
    public static final int DEFAULT_MEASURED_TICKS = 700;

    public TickSettings {
        require(nodes >= 2, "nodes must be at least 2, was " + nodes);
        require(resources >= 1, "resources must be at least 1, was " + resources);
        require(capacityMin >= 0 && capacityMax >= Math.max(1, capacityMin),
                "capacity range must satisfy 0 <= min <= max and max >= 1, was [" + capacityMin + ", " + capacityMax + "]");
        require(parameters.cyclePeriodMillis() == 0,
                "the tick driver runs the overlay cycles itself: cycle period must be 0, was " + parameters.cyclePeriodMillis());
        require(meanAmount >= 0 && meanAmount <= 10_000, "mean amount must be in [0, 10000], was " + meanAmount);
        require(meanDurationTicks >= 0 && meanDurationTicks <= 10_000,
                "mean duration must be in [0, 10000] ticks, was " + meanDurationTicks);
        require(settleTicks >= 0 && warmupTicks >= 0, "settle and warm-up ticks must be >= 0, were "
                + settleTicks + " and " + warmupTicks);
        require(measuredTicks >= 1, "measured ticks must be at least 1, was " + measuredTicks);
        require(!rates.isEmpty() && rates.stream().allMatch(r -> r >= 1 && r <= 10_000),
                "rates must be a non-empty list of requests per tick in [1, 10000], was " + rates);
        require(pace != null, "request pace is required");
        rates = List.copyOf(rates);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The paper's experiment: 100 nodes, 2 resources in [100, 200], degmin 8, degmax 15, MaxFree, ByID. */
    public static TickSettings paper(long seed, HygraParameters parameters) {
        return new TickSettings(seed, 100, 2, 100, 200, parameters.withCyclePeriod(0), 50, 40,
                DEFAULT_SETTLE_TICKS, DEFAULT_WARMUP_TICKS, DEFAULT_MEASURED_TICKS, RequestPace.ONE_MOVE, PAPER_RATES);
    }

    public TickSettings withRates(List<Integer> newRates) {
        return new TickSettings(seed, nodes, resources, capacityMin, capacityMax, parameters, meanAmount,
                meanDurationTicks, settleTicks, warmupTicks, measuredTicks, pace, newRates);
    }

    public TickSettings withTicks(int settle, int warmup, int measured) {
        return new TickSettings(seed, nodes, resources, capacityMin, capacityMax, parameters, meanAmount,
                meanDurationTicks, settle, warmup, measured, pace, rates);
    }

    public TickSettings withParameters(HygraParameters p) {
        return new TickSettings(seed, nodes, resources, capacityMin, capacityMax, p.withCyclePeriod(0), meanAmount,
                meanDurationTicks, settleTicks, warmupTicks, measuredTicks, pace, rates);
    }

    public TickSettings withSeed(long newSeed) {
        return new TickSettings(newSeed, nodes, resources, capacityMin, capacityMax, parameters, meanAmount,
                meanDurationTicks, settleTicks, warmupTicks, measuredTicks, pace, rates);
    }

    public TickSettings withPace(RequestPace newPace) {
        return new TickSettings(seed, nodes, resources, capacityMin, capacityMax, parameters, meanAmount,
                meanDurationTicks, settleTicks, warmupTicks, measuredTicks, newPace, rates);
    }

    public TickSettings withNodes(int count) {
        return new TickSettings(seed, count, resources, capacityMin, capacityMax, parameters, meanAmount,
                meanDurationTicks, settleTicks, warmupTicks, measuredTicks, pace, rates);
    }
}
