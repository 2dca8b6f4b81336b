package io.cangrid.cli.submit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a submit file into logical lines. As in HTCondor, a comment is a line whose first non-blank
 * character is {@code #} (a {@code #} later on a line is part of the value), and a line ending in a
 * backslash continues on the next physical line.
 */
public final class SubmitLines {

    private SubmitLines() {
    }

    /** The logical lines of {@code file}. */
    public static List<SourceLine> read(Path file) {
        List<String> physical;
        try {
            physical = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SubmitFileException(file, 0, "cannot read the submit file: " + e.getMessage(), e);
        }
        return split(file, physical);
    }

    /** The logical lines of {@code physical}, the lines of {@code file}. */
    public static List<SourceLine> split(Path file, List<String> physical) {
        List<SourceLine> lines = new ArrayList<>();
        StringBuilder pending = null;
        int start = 0;
        for (int i = 0; i < physical.size(); i++) {
            String raw = stripCarriageReturn(physical.get(i));
            if (pending == null) {
                if (raw.isBlank() || raw.strip().startsWith("#")) {
                    continue;
                }
                pending = new StringBuilder();
                start = i + 1;
            }
            String text = raw.stripTrailing();
            if (text.endsWith("\\")) {
                pending.append(text, 0, text.length() - 1);
                continue;
            }
            pending.append(text);
            lines.add(new SourceLine(start, pending.toString().strip()));
            pending = null;
        }
        if (pending != null) {
            throw new SubmitFileException(file, start, "the line continues (ends in \\) past the end of the file");
        }
        return lines;
    }

    // Files written on Windows keep their \r after readAllLines splits on \n.
    private static String stripCarriageReturn(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}
