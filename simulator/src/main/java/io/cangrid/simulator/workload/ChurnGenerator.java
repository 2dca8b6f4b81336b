package io.cangrid.simulator.workload;

import io.cangrid.simulator.scenario.ChurnPlan;
import io.cangrid.simulator.scenario.ChurnVariant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Spreads one churn variant over the arrival window: departures and joins at uniformly random times,
 * the departures split into crashes and graceful leaves in the plan's proportion (exact counts, shuffled).
 */
final class ChurnGenerator {

    private ChurnGenerator() {
    }

    static List<ChurnEvent> generate(ChurnPlan plan, ChurnVariant variant, int initialNodes, long windowMillis,
            PopulationSampler joiners, RandomGenerator random) {
        int departures = (int) Math.round(variant.departures() * initialNodes);
        int crashes = (int) Math.round(departures * plan.crashFraction());
        boolean[] crash = new boolean[departures];
        for (int i = 0; i < crashes; i++) {
            crash[i] = true;
        }
        shuffle(crash, random);
        List<ChurnEvent> events = new ArrayList<>();
        for (boolean c : crash) {
            long at = drawTime(windowMillis, random);
            events.add(c ? ChurnEvent.crash(at) : ChurnEvent.leave(at));
        }
        int joins = (int) Math.round(variant.joins() * initialNodes);
        for (int i = 0; i < joins; i++) {
            long at = drawTime(windowMillis, random);
            events.add(ChurnEvent.join(at, joiners.draw(random)));
        }
        // Stable: at equal times the order of generation holds, so the list depends on the seed alone.
        events.sort(Comparator.comparingLong(ChurnEvent::atMillis));
        return events;
    }

    private static long drawTime(long windowMillis, RandomGenerator random) {
        return windowMillis <= 0 ? 0 : random.nextLong(windowMillis + 1);
    }

    private static void shuffle(boolean[] values, RandomGenerator random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            boolean t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }
}
