package io.cangrid.cli.submit;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of HTCondor's "new" quoted syntax, shared by {@code arguments} and {@code environment}: the
 * whole value is in double quotes; inside, white space separates words, single quotes keep white space in
 * a word, and a quote is written twice to stand for itself ({@code ""} for {@code "}, {@code ''} inside
 * single quotes for {@code '}).
 */
final class QuotedWords {

    private QuotedWords() {
    }

    /** True if {@code value} is written in the new syntax: it begins with a double quote. */
    static boolean isNewSyntax(String value) {
        return value.startsWith("\"");
    }

    /** The words of {@code value}, which begins with a double quote. */
    static List<String> split(String value) {
        if (value.length() < 2 || !value.endsWith("\"")) {
            throw new IllegalArgumentException("the value opens a double quote it does not close: " + value);
        }
        String inside = value.substring(1, value.length() - 1);
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        int i = 0;
        while (i < inside.length()) {
            char c = inside.charAt(i);
            if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                i++;
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            if (c == '"') {
                i = doubledQuote(inside, i, word);
            } else if (c == '\'') {
                i = singleQuoted(inside, i + 1, word);
            } else {
                word.append(c);
                i++;
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** Appends the {@code "} that {@code ""} at {@code i} stands for; returns the index after it. */
    private static int doubledQuote(String inside, int i, StringBuilder word) {
        if (i + 1 < inside.length() && inside.charAt(i + 1) == '"') {
            word.append('"');
            return i + 2;
        }
        throw new IllegalArgumentException("a double quote inside the quoted value must be doubled (\"\")");
    }

    /** Appends the single-quoted text starting at {@code i}; returns the index after its closing quote. */
    private static int singleQuoted(String inside, int from, StringBuilder word) {
        int i = from;
        while (i < inside.length()) {
            char c = inside.charAt(i);
            if (c == '\'') {
                if (i + 1 < inside.length() && inside.charAt(i + 1) == '\'') {
                    word.append('\'');
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            if (c == '"') {
                i = doubledQuote(inside, i, word);
                continue;
            }
            word.append(c);
            i++;
        }
        throw new IllegalArgumentException("a single quote is opened but never closed");
    }
}
