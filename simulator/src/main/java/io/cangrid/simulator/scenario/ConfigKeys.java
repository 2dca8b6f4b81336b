package io.cangrid.simulator.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The keys one kind of scenario file may set, and what every scenario loader does alike with keys and
 * values: the grid scenarios' ({@link ScenarioLoader}) and HYGRA's tick scenarios'
 * ({@code io.cangrid.simulator.hygra.HygraScenarioLoader}). {@code key=value} overrides are read as HOCON
 * (or, if that fails, as the plain string they are) and remember that {@code --set} gave them; an unknown
 * key, in a file or an override, is refused naming where it was set and the known key it most likely
 * misspells; and a refused value names its origin, a line of a file or {@code --set}.
 */
public final class ConfigKeys {

    private final List<String> known;
    private final String listedIn;

    /**
     * @param known    every key a file of this kind may set
     * @param listedIn where the keys are explained, for refusals (e.g. {@code scenarios/base.conf lists every key})
     */
    public ConfigKeys(List<String> known, String listedIn) {
        this.known = List.copyOf(known);
        this.listedIn = listedIn;
    }

    public List<String> known() {
        return known;
    }

    public boolean isKnown(String key) {
        return known.contains(key);
    }

    /** The known key closest to {@code key} by edit distance, for "did you mean" hints; null if none is close. */
    public String closest(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = editDistance(key, k);
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return bestDistance <= Math.max(2, key.length() / 4) ? best : null;
    }

    /**
     * {@code key=value} overrides, later ones winning, each value's origin {@code --set KEY}; the value is
     * HOCON ({@code 500}, {@code [0.5, 0.9]}, {@code 30s}) or, if it does not parse as HOCON, a plain string
     * ({@code exponential:50}), which the key's own check then judges.
     *
     * @param example an override of this kind of file, for the message that refuses one without {@code =}
     * @throws ScenarioException for an override without {@code =} or with an unknown key
     */
    public Config overrides(List<String> overrides, String source, String example) {
        Config result = ConfigFactory.empty();
        for (String override : overrides) {
            int eq = override.indexOf('=');
            if (eq <= 0) {
                throw new ScenarioException("override '" + override + "' must read key=value, e.g. " + example);
            }
            String key = override.substring(0, eq).strip();
            String value = override.substring(eq + 1).strip();
            if (!isKnown(key)) {
                throw unknownKey(key, source, "--set");
            }
            result = override(key, value).withFallback(result);
        }
        return result;
    }

    private static Config override(String key, String value) {
        String origin = "--set " + key;
        try {
            Config parsed = ConfigFactory.parseString(key + " = " + value,
                    ConfigParseOptions.defaults().setOriginDescription(origin));
            return parsed.hasPathOrNull(key) ? parsed : plainString(key, value, origin);
        } catch (ConfigException.Parse e) {
            return plainString(key, value, origin);
        }
    }

    private static Config plainString(String key, String value, String origin) {
        return ConfigFactory.empty().withValue(key, ConfigValueFactory.fromAnyRef(value, origin));
    }

    /**
     * Refuses the first key of {@code resolved} this kind of file does not know.
     *
     * @throws ScenarioException naming the key, where it was set and, when one is close, the key meant
     */
    public void refuseUnknown(Config resolved, String source) {
        for (Map.Entry<String, ConfigValue> entry : resolved.entrySet()) {
            if (!isKnown(entry.getKey())) {
                throw unknownKey(entry.getKey(), source, origin(entry.getValue().origin()));
            }
        }
    }

    /** The refusal of an unknown key set {@code where} (an origin, or {@code --set}). */
    public ScenarioException unknownKey(String key, String source, String where) {
        String hint = closest(key);
        return new ScenarioException(source + ": unknown key '" + key + "' (" + where + ")"
                + (hint != null ? "; did you mean '" + hint + "'?" : "") + " (" + listedIn + ")");
    }

    /** {@code set in base.conf line 12} or {@code set by --set nodes}: short enough for a one-line error. */
    public static String origin(ConfigOrigin origin) {
        if (origin.filename() != null) {
            return "set in " + Path.of(origin.filename()).getFileName() + " line " + origin.lineNumber();
        }
        return "set by " + origin.description().replaceAll(":\\s*\\d+$", "");
    }

    /** Where {@code key}'s value was set, as {@code " (set in ... line N)"}, or "" when it is not set. */
    public static String where(Config config, String key) {
        if (!config.hasPathOrNull(key)) {
            return "";
        }
        return " (" + origin(config.getValue(key).origin()) + ")";
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
