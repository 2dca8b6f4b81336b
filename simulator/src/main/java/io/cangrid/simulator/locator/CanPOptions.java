package io.cangrid.simulator.locator;

import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPOption;
import io.cangrid.load.push.CanPOptionTable;
import java.util.Map;

/**
 * Applies a scenario's options to a CAN-P configuration, as {@link CanPOptionTable} declares them, refusing
 * unknown keys and bad values.
 */
final class CanPOptions {

    private CanPOptions() {
    }

    static CanPConfig apply(CanPConfig base, String locator, Map<String, String> options) {
        for (String key : options.keySet()) {
            if (CanPOptionTable.find(key).isEmpty()) {
                throw new IllegalArgumentException("locator " + locator + ": unknown option '" + key + "'; valid: "
                        + String.join(", ", CanPOptionTable.names()));
            }
        }
        // In the table's order, whatever the scenario's: paper, which replaces the whole configuration, first.
        CanPConfig c = base;
        for (CanPOption<?> option : CanPOptionTable.OPTIONS) {
            String value = options.get(option.name());
            if (value == null) {
                continue;
            }
            try {
                c = option.apply(c, value);
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException("locator " + locator + ": " + option.name() + ": "
                        + ex.getMessage(), ex);
            }
        }
        return c;
    }
}
