package io.cangrid.hygra.tick;

import io.cangrid.hygra.protocol.HygraNode;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The HYGRA paper's time-driven experiment on the protocol code: per tick a) one overlay cycle on every
 * node, b) one move of every travelling request, c) new requests, d) job completions. Each rate runs on a
 * fresh grid with the same capacities; everything follows from the settings' seed.
 */
public final class TickExperiment {

    private static final long ARRIVAL_STREAM = 3;
    private static final long ORDER_STREAM = 4;

    private final TickSettings settings;

    public TickExperiment(TickSettings settings) {
        this.settings = settings;
    }

    public List<RateResult> run() {
        List<RateResult> results = new ArrayList<>();
        for (int rate : settings.rates()) {
            results.add(run(rate));
        }
        return results;
    }

    public RateResult run(int rate) {
        long runSeed = SplitMix64.derive(settings.seed(), 1_000L + rate);
        TickMeasurements measurements = new TickMeasurements();
        TickGrid grid = new TickGrid(settings, settings.seed(), runSeed, measurements);
        measurements.watch(grid);
        RandomGenerator arrivals = new SplitMix64(SplitMix64.derive(runSeed, ARRIVAL_STREAM));
        RandomGenerator order = new SplitMix64(SplitMix64.derive(runSeed, ORDER_STREAM));
        TickRuntime runtime = grid.runtime();
        for (int t = 0; t < settings.settleTicks(); t++) {
            grid.overlayPhase(order);
            runtime.completionPhase();
            runtime.advance();
        }
        int measureStart = settings.warmupTicks();
        int measureEnd = measureStart + settings.measuredTicks();
        // A measured request ends within the hop limit, one move per tick; the margin is for safety only.
        long lastTick = (long) measureEnd + settings.parameters().hopLimit() + 2;
        long nextId = 1;
        for (long t = 0; t < lastTick; t++) {
            if (t == measureStart) {
                measurements.measureFrom(nextId);
            }
            if (t == measureEnd) {
                measurements.measureUntil(nextId);
            }
            if (t >= measureEnd && measurements.open() == 0) {
                break;
            }
            grid.overlayPhase(order);
            if (settings.pace() == RequestPace.ONE_MOVE) {
                runtime.requestPhase();
            } else {
                runtime.requestPhaseUntilSettled();
            }
            int count = Poisson.sample(arrivals, rate);
            for (int i = 0; i < count; i++) {
                nextId = issue(grid, arrivals, measurements, nextId);
            }
            runtime.completionPhase();
            runtime.advance();
        }
        return measurements.result(rate);
    }

    private long issue(TickGrid grid, RandomGenerator arrivals, TickMeasurements measurements, long id) {
        long[] amounts = new long[settings.resources()];
        for (int r = 0; r < amounts.length; r++) {
            amounts[r] = Poisson.sample(arrivals, settings.meanAmount());
        }
        ResourceVector demand = grid.schema().amounts(amounts);
        long duration = Poisson.sample(arrivals, settings.meanDurationTicks()) * TickRuntime.TICK_MILLIS;
        HygraNode entry = grid.nodes().get(arrivals.nextInt(grid.nodes().size()));
        boolean routed = grid.anyCanHost(demand);
        if (measurements.measured(id)) {
            measurements.issued(routed);
        }
        if (routed) {
            entry.submit(id, demand, duration);
        }
        return id + 1;
    }
}
