package io.cangrid.load.push;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One option of a CAN-P locator as a scenario names it ({@code CAN-PX[refit=false]}): its name, the kind of
 * value it takes, what it decides, and how it reads and sets a {@link CanPConfig}. The options are listed in
 * {@link CanPOptionTable}.
 *
 * @param <T> the option's value
 */
public record CanPOption<T>(String name, Kind<T> kind, String description, Function<CanPConfig, T> reader,
        BiFunction<CanPConfig, T, CanPConfig> writer) {

    public CanPOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(writer, "writer");
    }

    /**
     * {@code config} with this option set to the value {@code text} states.
     *
     * @throws IllegalArgumentException saying what is wrong with the value, or with the configuration it makes
     */
    public CanPConfig apply(CanPConfig config, String text) {
        return writer.apply(config, kind.parse(text));
    }

    /** This option's value in {@code config}, written as a scenario writes it. */
    public String valueIn(CanPConfig config) {
        return kind.format(reader.apply(config));
    }

    /**
     * A kind of value an option takes: what it is called where options are listed, how a scenario's text is
     * read into it, and how it is written back.
     */
    public record Kind<T>(String name, Function<String, T> parser, Function<T, String> formatter) {

        public static final Kind<Boolean> SWITCH = new Kind<>("true/false", Kind::bool, String::valueOf);
        public static final Kind<Double> NUMBER = new Kind<>("number", Kind::number,
                v -> BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
        public static final Kind<Integer> WHOLE = new Kind<>("whole number", Kind::whole, String::valueOf);

        /** One of a policy enum's values, by the name design.md gives it. */
        public static <E extends Enum<E>> Kind<E> policy(E[] values, Function<E, String> policyName,
                Function<String, E> parser) {
            List<String> names = new ArrayList<>();
            for (E v : values) {
                names.add(policyName.apply(v));
            }
            return new Kind<>("one of " + String.join(", ", names), parser, policyName);
        }

        T parse(String text) {
            return parser.apply(text);
        }

        String format(T value) {
            return formatter.apply(value);
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

        private static double number(String v) {
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + v + "' is not a number", e);
            }
        }

        private static int whole(String v) {
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + v + "' is not a whole number", e);
            }
        }
    }
}
