package io.cangrid.simulator.locator;

import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.PushObjective;
import io.cangrid.load.push.RunNodeScore;
import io.cangrid.load.push.StopCount;
import io.cangrid.load.push.StoppingRule;
import java.util.List;
import java.util.Map;

/** Applies a scenario's options to a CAN-P configuration, refusing unknown keys and bad values. */
final class CanPOptions {

    static final List<String> KEYS = List.of("paper", "sf", "objective", "stopping", "score", "maxPushes", "idle", "bestFit",
            "countSent", "search", "redirects", "rebalance", "prompt", "seek", "seekWidest", "stopCount",
            "verify", "refit", "gentleClimb", "soonest");

    private CanPOptions() {
    }

    static CanPConfig apply(CanPConfig base, String locator, Map<String, String> options) {
        CanPConfig c = base;
        String paper = options.get("paper");
        if (paper != null) {
            try {
                if (bool(paper)) {
                    // Section 5 exactly as reconstructed, with the locator's stopping factor; options after it apply.
                    c = CanPConfig.withStoppingFactor(base.stoppingFactor());
                }
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException("locator " + locator + ": paper: " + ex.getMessage(), ex);
            }
        }
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equals("paper")) {
                continue;
            }
            String v = e.getValue();
            try {
                c = switch (e.getKey()) {
                    case "sf" -> c.withStoppingFactorValue(number(v));
                    case "objective" -> c.withObjective(PushObjective.parse(v));
                    case "stopping" -> c.withStopping(StoppingRule.parse(v));
                    case "score" -> c.withScore(RunNodeScore.parse(v));
                    case "maxPushes" -> c.withMaxPushes(integer(v));
                    case "search" -> c.withSearchBudget(integer(v));
                    case "redirects" -> c.withRedirects(integer(v));
                    case "rebalance" -> c.withRebalance(bool(v));
                    case "prompt" -> c.withPromptUpdates(bool(v));
                    case "seek" -> c.withSeekBudget(integer(v));
                    case "seekWidest" -> c.withSeekWidest(integer(v));
                    case "verify" -> c.withVerify(bool(v));
                    case "refit" -> c.withRefit(bool(v));
                    case "gentleClimb" -> c.withGentleClimb(bool(v));
                    case "soonest" -> c.withSoonest(bool(v));
                    case "stopCount" -> c.withStopCount(StopCount.parse(v));
                    case "idle" -> c.withIdleThreshold(number(v));
                    case "bestFit" -> c.withBestFit(bool(v));
                    case "countSent" -> c.withCountSent(bool(v));
                    default -> throw new IllegalArgumentException("unknown option '" + e.getKey() + "'; valid: "
                            + String.join(", ", KEYS));
                };
            } catch (IllegalArgumentException ex) {
                String what = ex.getMessage().startsWith("unknown option") ? "" : e.getKey() + ": ";
                throw new IllegalArgumentException("locator " + locator + ": " + what + ex.getMessage(), ex);
            }
        }
        return c;
    }

    private static double number(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a number", e);
        }
    }

    private static int integer(String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a whole number", e);
        }
    }

    private static boolean bool(String v) {
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on")) {
            return true;
        }
        if (v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off")) {
            return false;
        }
        throw new IllegalArgumentException("'" + v + "' is not true/false");
    }
}
