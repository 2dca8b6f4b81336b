package io.cangrid.cli.submit;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code arguments} command in both of HTCondor's syntaxes. The new one is in double quotes (see
 * {@link QuotedWords}). The old one separates arguments by white space, has no way to keep white space in
 * one, and writes a literal double quote as {@code \"}.
 */
public final class Arguments {

    private Arguments() {
    }

    /** The arguments {@code value} stands for. */
    public static List<String> parse(String value) {
        String v = value.strip();
        if (QuotedWords.isNewSyntax(v)) {
            return QuotedWords.split(v);
        }
        List<String> args = new ArrayList<>();
        for (String word : v.split("\\s+")) {
            if (!word.isEmpty()) {
                args.add(word.replace("\\\"", "\""));
            }
        }
        return args;
    }
}
