package io.cangrid.simulator.locator;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPOption;
import io.cangrid.load.push.CanPOptionTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The CAN-P option list of the documentation (a table headed {@code | option | value | CAN-P1 | ...}, in
 * design.md or operating.md) names exactly the options of {@link CanPOptionTable}, with the kind of value
 * each takes and its value in every CAN-P locator.
 */
class CanPOptionDocsTest {

    private static final List<Path> DOCS = List.of(Path.of("..", "docs", "design.md"),
            Path.of("..", "docs", "operating.md"));
    private static final String HEADER_START = "| option | value |";

    @Test
    void theDocumentedOptionsAreTheTablesAndViceVersa() throws IOException {
        OptionList docs = optionList();
        assertThat(docs.rows().keySet()).as("options in the documentation's CAN-P option list (%s)", docs.file())
                .containsExactlyInAnyOrderElementsOf(CanPOptionTable.names());
    }

    @Test
    void theDocumentationListsEveryCanPLocatorAsAColumn() throws IOException {
        List<String> canP = LocatorCatalog.names().stream().filter(n -> n.startsWith("CAN-P")).toList();
        assertThat(optionList().variants()).containsExactlyElementsOf(canP);
    }

    @Test
    void eachOptionsKindAndValuesAreAsDocumented() throws IOException {
        OptionList docs = optionList();
        for (CanPOption<?> option : CanPOptionTable.OPTIONS) {
            List<String> row = docs.rows().get(option.name());
            assertThat(row).as("documented option %s", option.name()).isNotNull();
            assertThat(plain(row.get(1))).as("kind of value of %s", option.name()).isEqualTo(option.kind().name());
            for (int i = 0; i < docs.variants().size(); i++) {
                String variant = docs.variants().get(i);
                CanPConfig preset = LocatorCatalog.canPBase(variant);
                assertThat(plain(row.get(2 + i))).as("%s in %s", option.name(), variant)
                        .isEqualTo(option.valueIn(preset));
            }
        }
    }

    /** The one CAN-P option list of the documentation: which file, its locator columns, and its rows by name. */
    private record OptionList(Path file, List<String> variants, Map<String, List<String>> rows) {
    }

    private static OptionList optionList() throws IOException {
        List<OptionList> found = new ArrayList<>();
        for (Path doc : DOCS) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith(HEADER_START)) {
                    found.add(read(doc, lines, i));
                }
            }
        }
        assertThat(found).as("CAN-P option lists (tables headed '%s...') in %s", HEADER_START, DOCS).hasSize(1);
        return found.get(0);
    }

    private static OptionList read(Path doc, List<String> lines, int header) {
        List<String> columns = cells(lines.get(header));
        // option, value, one column per locator, and what the option sets.
        List<String> variants = columns.subList(2, columns.size() - 1);
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> row = cells(lines.get(i));
            assertThat(row).as("%s: %s", doc, lines.get(i)).hasSameSizeAs(columns);
            assertThat(rows.put(plain(row.get(0)), row)).as("%s: %s listed twice", doc, row.get(0)).isNull();
        }
        return new OptionList(doc, variants, rows);
    }

    private static List<String> cells(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.length() - 1);
        List<String> cells = new ArrayList<>();
        for (String c : inner.split("\\|", -1)) {
            cells.add(c.strip());
        }
        return cells;
    }

    /** A cell as text: without the backticks that mark code. */
    private static String plain(String cell) {
        return cell.replace("`", "");
    }
}
