package io.cangrid.cli.node;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Sizes as people write them: {@code 512MiB}, {@code 8GiB}, {@code 2TiB}, also {@code 8G}, {@code 8GB} or
 * {@code 8gb} (binary units all), {@code 100B} for bytes. A number without a unit is refused: {@code 10}
 * could mean bytes or gibibytes, and silently taking bytes for a disk requirement is no help.
 */
public final class ByteSize {

    private ByteSize() {
    }

    public static long parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        int i = 0;
        while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("'" + text + "' is not a size like 8GiB or 512MiB");
        }
        double n;
        try {
            n = Double.parseDouble(t.substring(0, i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size like 8GiB or 512MiB");
        }
        long unit = switch (t.substring(i)) {
            case "" -> throw new IllegalArgumentException("'" + text + "' needs a unit: " + t + "GiB, " + t + "MiB, "
                    + t + "KiB, or " + t + "B for bytes");
            case "b", "byte", "bytes" -> 1L;
            case "k", "kb", "kib" -> 1L << 10;
            case "m", "mb", "mib" -> 1L << 20;
            case "g", "gb", "gib" -> 1L << 30;
            case "t", "tb", "tib" -> 1L << 40;
            default -> throw new IllegalArgumentException("'" + text + "': unknown unit (use B, KiB, MiB, GiB or TiB)");
        };
        return (long) (n * unit);
    }

    /** Picocli converter for size options. */
    public static final class Converter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
