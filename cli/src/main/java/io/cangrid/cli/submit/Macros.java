package io.cangrid.cli.submit;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Expands {@code $(name)} in submit file values, from the file's own definitions ({@code name = value})
 * and the job's variables ({@code $(Process)}, {@code $(Item)}, a queue statement's variables). Names are
 * case-insensitive, as in HTCondor, and expansion is lazy: a definition may refer to one that comes later,
 * and is expanded only when a job uses it.
 *
 * <p>A macro that is used but never defined is refused, where HTCondor would expand it to nothing: an
 * empty argument or file name is almost always a typo, and {@code $(name:)} (an empty default) still says
 * "empty" on purpose. {@code $(name:default)} gives a default; {@code $$(...)} (match-time substitution)
 * and macro functions such as {@code $ENV(...)} or {@code $Fn(...)} are refused.
 */
public final class Macros {

    /** {@code name = value}, defined on {@code line}. */
    public record Definition(String name, String value, int line) {
    }

    /** A {@code $(name)} or {@code $(name:default)}; {@code defaultValue} is null without a default. */
    private record Reference(String name, String defaultValue) {
    }

    // Definitions that refer to each other in a ring would otherwise expand forever.
    private static final int MAX_DEPTH = 32;

    private final Map<String, Definition> definitions;
    private final Map<String, String> jobVariables;

    /**
     * @param definitions  the file's definitions, by lower-case name
     * @param jobVariables the job's own variables, by lower-case name; they win over definitions
     */
    public Macros(Map<String, Definition> definitions, Map<String, String> jobVariables) {
        this.definitions = definitions;
        this.jobVariables = jobVariables;
    }

    /** {@code text} with every macro expanded; an {@link IllegalArgumentException} names the problem. */
    public String expand(String text) {
        return expand(text, 0);
    }

    private String expand(String text, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("macros refer to each other in a loop");
        }
        return scan(text, reference -> expand(valueOf(reference), depth + 1));
    }

    private String valueOf(Reference reference) {
        String key = reference.name().toLowerCase(Locale.ROOT);
        String variable = jobVariables.get(key);
        if (variable != null) {
            return variable;
        }
        Definition definition = definitions.get(key);
        if (definition != null) {
            return definition.value();
        }
        if (reference.defaultValue() != null) {
            return reference.defaultValue();
        }
        throw new IllegalArgumentException("macro $(" + reference.name() + ") is used but never defined"
                + " (HTCondor would make it empty; define it, or write $(" + reference.name() + ":) for empty)");
    }

    /** The lower-case names {@code text} refers to; an {@link IllegalArgumentException} names bad syntax. */
    public static Set<String> references(String text) {
        Set<String> names = new LinkedHashSet<>();
        scan(text, reference -> {
            names.add(reference.name().toLowerCase(Locale.ROOT));
            return "";
        });
        return names;
    }

    /** Walks {@code text}, replacing each reference by what {@code resolve} makes of it. */
    private static String scan(String text, Function<Reference, String> resolve) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '$') {
                out.append(c);
                i++;
            } else if (text.startsWith("$$(", i)) {
                throw new IllegalArgumentException("$$(...) (match-time substitution) is not supported");
            } else if (text.startsWith("$(", i)) {
                int close = text.indexOf(')', i + 2);
                if (close < 0) {
                    throw new IllegalArgumentException("unbalanced $( in `" + text + "`: no closing )");
                }
                out.append(resolve.apply(reference(text.substring(i + 2, close))));
                i = close + 1;
            } else {
                int end = identifierEnd(text, i + 1);
                if (end > i + 1 && end < text.length() && text.charAt(end) == '(') {
                    throw new IllegalArgumentException("the macro function " + text.substring(i, end + 1)
                            + "...) is not supported");
                }
                // A $ that starts no macro, as in a shell's $HOME, is kept as it is, as HTCondor keeps it.
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static Reference reference(String inside) {
        int colon = inside.indexOf(':');
        String name = colon < 0 ? inside : inside.substring(0, colon);
        if (inside.contains("$(")) {
            throw new IllegalArgumentException("nested macros such as $(" + inside + ")) are not supported");
        }
        if (name.isEmpty() || identifierEnd(name, 0) != name.length() || Character.isDigit(name.charAt(0))) {
            throw new IllegalArgumentException("$(" + inside + ") does not name a macro");
        }
        return new Reference(name, colon < 0 ? null : inside.substring(colon + 1));
    }

    private static int identifierEnd(String text, int from) {
        int i = from;
        while (i < text.length() && isNameChar(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Characters of a macro or command name: letters, digits, underscore and dot. */
    static boolean isNameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.');
    }
}
