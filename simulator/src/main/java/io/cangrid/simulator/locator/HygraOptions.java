package io.cangrid.simulator.locator;

import io.cangrid.hygra.protocol.DeadEndStrategy;
import io.cangrid.hygra.protocol.Heuristic;
import io.cangrid.hygra.protocol.HoleInHistory;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.hygra.protocol.Placement;
import io.cangrid.hygra.protocol.VisitIdentity;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of the HYGRA locator in a scenario, e.g. {@code HYGRA[heuristic=BestFit, strategy=Stop]}:
 * HYGRA's parameters (hygra.md) and the number of searches a job gets. Unknown keys and bad values are
 * refused with what is allowed.
 */
public final class HygraOptions {

    static final List<String> KEYS = List.of("heuristic", "strategy", "identity", "placement", "hole", "hops",
            "degmin", "degmax", "tmax", "attempts");

    /** What a scenario's HYGRA locator asks for. */
    public record Choice(HygraParameters parameters, int attempts) {
    }

    private HygraOptions() {
    }

    public static Choice apply(String locator, Map<String, String> options) {
        HygraParameters p = HygraParameters.paperDefaults();
        int degMin = p.degMin();
        int degMax = p.degMax();
        int attempts = io.cangrid.hygra.grid.HygraGridConfig.DEFAULT_SEARCH_ATTEMPTS;
        for (Map.Entry<String, String> e : options.entrySet()) {
            String v = e.getValue();
            try {
                switch (e.getKey()) {
                    case "heuristic" -> p = p.withSearch(choice(v, Heuristic.class, "MaxFree", "BestFit"),
                            p.deadEnd(), p.identity(), p.placement());
                    case "strategy" -> p = p.withSearch(p.heuristic(),
                            choice(v, DeadEndStrategy.class, "Backtracking", "Stop"), p.identity(), p.placement());
                    case "identity" -> p = p.withSearch(p.heuristic(), p.deadEnd(),
                            choice(v, VisitIdentity.class, "ByID", "ByCoordinates"), p.placement());
                    case "placement" -> p = p.withSearch(p.heuristic(), p.deadEnd(), p.identity(),
                            choice(v, Placement.class, "FirstFit", "Climb"));
                    case "hole" -> p = p.withHole(choice(v, HoleInHistory.class, "Fail", "Continue"));
                    case "hops" -> p = p.withHopLimit(integer(v));
                    case "degmin" -> degMin = integer(v);
                    case "degmax" -> degMax = integer(v);
                    case "tmax" -> p = p.withTMax(integer(v));
                    case "attempts" -> attempts = integer(v);
                    default -> throw new IllegalArgumentException("unknown option '" + e.getKey() + "'; valid: "
                            + String.join(", ", KEYS));
                }
            } catch (IllegalArgumentException ex) {
                String what = ex.getMessage().startsWith("unknown option") ? "" : e.getKey() + ": ";
                throw new IllegalArgumentException("locator " + locator + ": " + what + ex.getMessage(), ex);
            }
        }
        try {
            p = p.withDegrees(degMin, degMax);
            if (attempts < 1) {
                throw new IllegalArgumentException("attempts must be at least 1, was " + attempts);
            }
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("locator " + locator + ": " + ex.getMessage(), ex);
        }
        return new Choice(p, attempts);
    }

    /**
     * The enum constant {@code v} names, written as the paper writes it ({@code BestFit}) or as the
     * constant ({@code BEST_FIT}), in any case.
     */
    private static <E extends Enum<E>> E choice(String v, Class<E> type, String... spellings) {
        String key = v.replace("_", "").replace("-", "").toLowerCase(Locale.ROOT);
        for (E constant : type.getEnumConstants()) {
            if (constant.name().replace("_", "").toLowerCase(Locale.ROOT).equals(key)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("'" + v + "' is not one of " + String.join(", ", spellings));
    }

    private static int integer(String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a whole number", e);
        }
    }
}
