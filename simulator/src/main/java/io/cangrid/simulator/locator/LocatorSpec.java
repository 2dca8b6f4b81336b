package io.cangrid.simulator.locator;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A locator as a scenario names it: a catalogue name, optionally with policy options in brackets, e.g.
 * {@code CAN-P2[objective=q/n, stopping=R4a]} or {@code CAN-PX[idle=0, countSent=false]} — how one refinement
 * is switched off to measure what it gains.
 */
public record LocatorSpec(String name, Map<String, String> options) {

    public LocatorSpec {
        options = Map.copyOf(options);
    }

    public static LocatorSpec parse(String text) {
        String s = text.strip();
        int open = s.indexOf('[');
        if (open < 0) {
            return new LocatorSpec(s, Map.of());
        }
        if (!s.endsWith("]")) {
            throw new IllegalArgumentException("locator '" + text + "': options go in brackets at the end, e.g."
                    + " CAN-PX[idle=0, bestFit=false]");
        }
        Map<String, String> options = new LinkedHashMap<>();
        String body = s.substring(open + 1, s.length() - 1).strip();
        if (!body.isEmpty()) {
            for (String pair : body.split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0 || eq == pair.length() - 1) {
                    throw new IllegalArgumentException("locator '" + text + "': option '" + pair.strip()
                            + "' is not key=value");
                }
                String key = pair.substring(0, eq).strip();
                if (options.put(key, pair.substring(eq + 1).strip()) != null) {
                    throw new IllegalArgumentException("locator '" + text + "': option '" + key + "' given twice");
                }
            }
        }
        return new LocatorSpec(s.substring(0, open).strip(), options);
    }
}
