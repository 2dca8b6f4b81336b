package io.cangrid.cli.submit;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code environment} command in both of HTCondor's syntaxes. The new one is in double quotes, its
 * {@code NAME=VALUE} words separated by white space and quoted as {@link QuotedWords} says. The old one
 * separates {@code NAME=VALUE} entries by semicolons, so a value may hold spaces but no semicolon.
 */
public final class Environment {

    private Environment() {
    }

    /** The variables {@code value} sets, in the order written; a later setting of a name wins. */
    public static Map<String, String> parse(String value) {
        String v = value.strip();
        Map<String, String> env = new LinkedHashMap<>();
        List<String> entries = QuotedWords.isNewSyntax(v) ? QuotedWords.split(v) : oldSyntaxEntries(v);
        for (String entry : entries) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String name = eq < 0 ? "" : entry.substring(0, eq).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("environment entry `" + entry.strip() + "` is not NAME=VALUE");
            }
            env.put(name, entry.substring(eq + 1));
        }
        return env;
    }

    private static List<String> oldSyntaxEntries(String value) {
        return Arrays.stream(value.split(";")).map(String::strip).toList();
    }
}
