package io.cangrid.cli.node;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How a live node finds nodes for jobs: on the CAN with CAN-PX matchmaking (the default), or on HYGRA's
 * hyperspace. Every node of one grid must use the same one: the two overlays do not talk to each other.
 */
public enum LiveLocator {
    CAN_PX("CAN-PX"),
    HYGRA("HYGRA");

    private final String label;

    LiveLocator(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    public static LiveLocator parse(String text) {
        for (LiveLocator l : values()) {
            if (l.label.equalsIgnoreCase(text.trim())) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown locator '" + text + "'; a live node runs one of: "
                + Arrays.stream(values()).map(LiveLocator::toString).collect(Collectors.joining(", ")));
    }

    public static final class Converter implements ITypeConverter<LiveLocator> {
        @Override
        public LiveLocator convert(String value) {
            try {
                return parse(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
