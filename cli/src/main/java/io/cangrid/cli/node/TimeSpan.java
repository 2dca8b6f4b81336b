package io.cangrid.cli.node;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A duration as typed on the command line: a number and a unit, {@code 500ms}, {@code 30s}, {@code 10m}, {@code 2h}, {@code 1d}. */
final class TimeSpan {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)");

    private TimeSpan() {
    }

    static Duration parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration such as 500ms, 30s, 10m, 2h or 1d");
        }
        double n = Double.parseDouble(m.group(1));
        long unit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1000;
            case "m" -> 60_000;
            case "h" -> 3600_000;
            default -> 86_400_000;
        };
        return Duration.ofMillis(Math.round(n * unit));
    }

    /** Picocli converter, so a bad duration is a usage error naming the option. */
    static final class Converter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
