package io.cangrid.cli.node;

import io.cangrid.simulator.locator.LocatorCatalog;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A live node's {@code --locator}: any locator of the grid registry ({@link LocatorCatalog}) but the
 * oracles, with options as a scenario writes them ({@code CAN-P2[idle=0]}, {@code HYGRA[hops=12]}). The
 * name is read in any case. Every node of one grid must use the same: the overlays do not talk to each
 * other, and locators on one overlay speak different protocols.
 */
final class LiveLocator implements ITypeConverter<String> {

    @Override
    public String convert(String value) {
        String spec = value.strip();
        int open = spec.indexOf('[');
        String name = open < 0 ? spec : spec.substring(0, open);
        spec = name.toUpperCase(Locale.ROOT) + (open < 0 ? "" : spec.substring(open));
        try {
            LocatorCatalog.validateLive(spec);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
        return spec;
    }
}
