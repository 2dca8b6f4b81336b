package io.cangrid.cli.submit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One {@code queue} statement, in the forms HTCondor's manual gives:
 * <pre>
 * queue [N]
 * queue [N] [var] in (item item ...)            also in item, item ... and a list over several lines
 * queue [N] [var, var ...] from FILE            one row a line; also from ( rows on their own lines )
 * queue [N] [var] matching [files|dirs] GLOB ...
 * </pre>
 * Each item (each row, for {@code from}) queues N jobs. Without a variable, the item is {@code $(Item)}.
 * With several variables, a row's fields are separated by commas or white space and the last variable
 * takes the rest of the row, as in HTCondor; a row with fewer fields than variables is refused (HTCondor
 * leaves the missing ones empty). Slices ({@code [start:end]}) are refused.
 *
 * @param line      where the statement is
 * @param count     jobs queued for each item
 * @param variables the variables set for each item, as written
 * @param rows      the items: for each, one value a variable (a plain {@code queue N} has one empty row)
 */
public record QueueStatement(SourceLine line, int count, List<String> variables, List<List<String>> rows) {

    private enum Form { PLAIN, IN, FROM, MATCHING }

    /** Jobs in one statement beyond which the file is more likely a mistake than a plan. */
    private static final int MAX_COUNT = 1_000_000;

    /**
     * Parses the statement on {@code line}, whose text after the word {@code queue} is {@code rest} (its
     * macros expanded), taking the lines of a list over several lines from {@code following}.
     *
     * @param file    the submit file, for messages
     * @param baseDir the directory {@code from} files and {@code matching} globs are relative to
     */
    public static QueueStatement parse(Path file, SourceLine line, String rest, Iterator<SourceLine> following,
                                       Path baseDir) {
        return new Parser(file, line, following, baseDir).parse(rest.strip());
    }

    /**
     * The variables of each job the statement queues, in order: for each item, N jobs. Keys are lower
     * case: the statement's variables, {@code step} (0..N-1 within an item), {@code itemindex} and
     * {@code row} (the item's index).
     */
    public List<Map<String, String>> jobVariables() {
        List<Map<String, String>> jobs = new ArrayList<>();
        for (int itemIndex = 0; itemIndex < rows.size(); itemIndex++) {
            for (int step = 0; step < count; step++) {
                Map<String, String> vars = new LinkedHashMap<>();
                List<String> row = rows.get(itemIndex);
                for (int v = 0; v < row.size(); v++) {
                    vars.put(variables.get(v).toLowerCase(Locale.ROOT), row.get(v));
                }
                vars.put("step", Integer.toString(step));
                vars.put("itemindex", Integer.toString(itemIndex));
                vars.put("row", Integer.toString(itemIndex));
                jobs.add(vars);
            }
        }
        return jobs;
    }

    /** The parse of one statement; keeps where it is for messages. */
    private static final class Parser {

        private final Path file;
        private final SourceLine line;
        private final Iterator<SourceLine> following;
        private final Path baseDir;

        Parser(Path file, SourceLine line, Iterator<SourceLine> following, Path baseDir) {
            this.file = file;
            this.line = line;
            this.following = following;
            this.baseDir = baseDir;
        }

        private SubmitFileException fail(String problem) {
            return new SubmitFileException(file, line.number(), "queue: " + problem);
        }

        QueueStatement parse(String rest) {
            int countEnd = 0;
            while (countEnd < rest.length() && Character.isDigit(rest.charAt(countEnd))) {
                countEnd++;
            }
            int count = countEnd == 0 ? 1 : count(rest.substring(0, countEnd));
            String afterCount = rest.substring(countEnd);
            if (countEnd > 0 && !afterCount.isEmpty() && !Character.isWhitespace(afterCount.charAt(0))) {
                throw fail("`" + rest + "`: the count must be a whole number (expressions are not supported)");
            }
            List<String> variables = new ArrayList<>();
            Form form = Form.PLAIN;
            String spec = "";
            for (String remaining = afterCount.strip(); !remaining.isEmpty(); ) {
                int end = wordEnd(remaining);
                String word = remaining.substring(0, end);
                String keyword = word.toLowerCase(Locale.ROOT);
                if (keyword.equals("in") || keyword.equals("from") || keyword.equals("matching")) {
                    form = Form.valueOf(keyword.toUpperCase(Locale.ROOT));
                    spec = remaining.substring(end).strip();
                    break;
                }
                if (word.isEmpty() || !isName(word)) {
                    throw fail("`" + (word.isEmpty() ? remaining : word) + "` is not a variable name (the forms are"
                            + " queue [N], queue [N] [var] in|from|matching ...)");
                }
                variables.add(word);
                remaining = remaining.substring(end).replaceFirst("^[\\s,]+", "");
            }
            if (form == Form.PLAIN) {
                if (!variables.isEmpty()) {
                    throw fail("variables " + variables + " need `in`, `from` or `matching` after them");
                }
                return new QueueStatement(line, count, List.of(), List.of(List.of()));
            }
            if (variables.isEmpty()) {
                variables.add("Item");
            }
            if (form != Form.FROM && variables.size() > 1) {
                throw fail("`" + form.name().toLowerCase(Locale.ROOT) + "` sets one variable; use `from` for several");
            }
            if (spec.startsWith("[")) {
                throw fail("slices ([start:end:step]) are not supported");
            }
            List<List<String>> rows = switch (form) {
                case IN -> single(words(listLines(spec, true)));
                case FROM -> fromRows(spec, variables.size());
                case MATCHING -> matching(spec);
                case PLAIN -> throw new IllegalStateException("handled above");
            };
            if (rows.isEmpty()) {
                throw fail("expands to no jobs: " + (form == Form.MATCHING ? "no file matches `" + spec + "` in "
                        + baseDir : "its list is empty"));
            }
            return new QueueStatement(line, count, List.copyOf(variables), rows);
        }

        private int count(String digits) {
            int count;
            try {
                count = Integer.parseInt(digits);
            } catch (NumberFormatException e) {
                throw new SubmitFileException(file, line.number(), "queue: " + digits + " jobs is too many", e);
            }
            if (count == 0) {
                throw fail("queue 0 expands to no jobs");
            }
            if (count > MAX_COUNT) {
                throw fail(digits + " jobs is too many (at most " + MAX_COUNT + " a statement)");
            }
            return count;
        }

        /**
         * The lines of a list: {@code (a b c)} on the statement's line, {@code (} with the rest on the lines
         * up to one that is {@code )}, or (when {@code bareAllowed}) the rest of the line without parentheses.
         */
        private List<String> listLines(String spec, boolean bareAllowed) {
            if (!spec.startsWith("(")) {
                if (!bareAllowed) {
                    throw new IllegalStateException("callers check for parentheses");
                }
                return List.of(spec);
            }
            int close = spec.lastIndexOf(')');
            if (close >= 0) {
                if (!spec.substring(close + 1).isBlank()) {
                    throw fail("text after the list's closing ): `" + spec.substring(close + 1).strip() + "`");
                }
                return List.of(spec.substring(1, close));
            }
            List<String> lines = new ArrayList<>();
            if (!spec.substring(1).isBlank()) {
                lines.add(spec.substring(1));
            }
            while (following.hasNext()) {
                SourceLine next = following.next();
                if (next.text().startsWith(")")) {
                    if (!next.text().equals(")")) {
                        throw new SubmitFileException(file, next.number(), "queue: text after the list's closing ): `"
                                + next.text().substring(1).strip() + "`");
                    }
                    return lines;
                }
                lines.add(next.text());
            }
            throw fail("the list opened with ( is never closed with a line holding only )");
        }

        private List<List<String>> fromRows(String spec, int variables) {
            List<String> lines;
            if (spec.startsWith("(")) {
                if (spec.contains(")")) {
                    throw fail("put the rows of `from ( ... )` on their own lines, between a ( and a )");
                }
                lines = listLines(spec, false);
            } else if (spec.isEmpty()) {
                throw fail("`from` needs a file name or a list in parentheses");
            } else {
                lines = readRows(spec);
            }
            List<List<String>> rows = new ArrayList<>();
            for (String row : lines) {
                if (!row.isBlank()) {
                    rows.add(fields(row.strip(), variables));
                }
            }
            return rows;
        }

        private List<String> readRows(String name) {
            Path rowsFile = baseDir.resolve(name);
            if (!Files.isRegularFile(rowsFile)) {
                throw fail("the item file `" + name + "` does not exist (looked in " + baseDir + ")");
            }
            try {
                return Files.readAllLines(rowsFile, StandardCharsets.UTF_8).stream()
                        .map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l).toList();
            } catch (IOException e) {
                throw new SubmitFileException(file, line.number(), "queue: cannot read `" + name + "`: "
                        + e.getMessage(), e);
            }
        }

        /** A row's values for {@code variables} variables: the last takes the rest of the row. */
        private List<String> fields(String row, int variables) {
            List<String> values = new ArrayList<>();
            String rest = row;
            while (values.size() < variables - 1) {
                if (rest.isEmpty()) {
                    throw fail("the row `" + row + "` has " + values.size() + " field(s) for " + variables
                            + " variables");
                }
                int end = wordEnd(rest);
                values.add(rest.substring(0, end));
                rest = rest.substring(end).replaceFirst("^[\\s,]+", "");
            }
            if (rest.isEmpty()) {
                throw fail("the row `" + row + "` has " + values.size() + " field(s) for " + variables + " variables");
            }
            values.add(rest);
            return values;
        }

        private List<List<String>> matching(String spec) {
            String patterns = spec;
            String kind = "";
            int end = wordEnd(spec);
            String first = spec.substring(0, end).toLowerCase(Locale.ROOT);
            if (first.equals("files") || first.equals("dirs")) {
                kind = first;
                patterns = spec.substring(end).strip();
            }
            List<String> globs = words(listLines(patterns, true));
            if (globs.isEmpty()) {
                throw fail("`matching` needs a pattern");
            }
            List<List<String>> rows = new ArrayList<>();
            for (String glob : globs) {
                for (String match : matches(glob, kind)) {
                    rows.add(List.of(match));
                }
            }
            return rows;
        }

        /** The names matching {@code glob} relative to the base directory, sorted; files, dirs or both. */
        private List<String> matches(String glob, String kind) {
            int slash = glob.lastIndexOf('/');
            String dirPart = slash < 0 ? "" : glob.substring(0, slash + 1);
            String namePart = glob.substring(slash + 1);
            if (dirPart.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{')) {
                throw fail("`" + glob + "`: wildcards are supported in the last part of the path only");
            }
            Path dir = baseDir.resolve(dirPart.isEmpty() ? "." : dirPart);
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + namePart);
            List<String> names = new ArrayList<>();
            if (!Files.isDirectory(dir)) {
                return names;
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path entry : entries) {
                    String name = entry.getFileName().toString();
                    // A glob's * skips hidden files in a shell, and HTCondor's matching does too.
                    boolean hiddenSkipped = name.startsWith(".") && !namePart.startsWith(".");
                    boolean kindFits = kind.isEmpty() || kind.equals("dirs") == Files.isDirectory(entry);
                    if (!hiddenSkipped && kindFits && matcher.matches(entry.getFileName())) {
                        names.add(dirPart + name);
                    }
                }
            } catch (IOException e) {
                throw new SubmitFileException(file, line.number(), "queue: cannot list " + dir + ": "
                        + e.getMessage(), e);
            }
            names.sort(null);
            return names;
        }
    }

    private static List<List<String>> single(List<String> items) {
        return items.stream().map(List::of).toList();
    }

    /** The words of {@code lines}, separated by commas and white space. */
    private static List<String> words(List<String> lines) {
        List<String> words = new ArrayList<>();
        for (String l : lines) {
            for (String w : l.split("[\\s,]+")) {
                if (!w.isEmpty()) {
                    words.add(w);
                }
            }
        }
        return words;
    }

    /** Where the word at the start of {@code text} ends: at white space, a comma or a parenthesis. */
    private static int wordEnd(String text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == '(') {
                break;
            }
            i++;
        }
        return i;
    }

    private static boolean isName(String word) {
        return !Character.isDigit(word.charAt(0)) && word.chars().allMatch(c -> Macros.isNameChar((char) c));
    }
}
