package io.cangrid.simulator.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * {@link SummaryDocument} as JSON: fields in declaration order, two-space indents, {@code \n} line ends,
 * so that the file can be diffed between runs and machines.
 */
public final class SummaryJson {

    private static final ObjectWriter WRITER = JsonMapper.builder()
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .build()
            .writer(new DefaultPrettyPrinter()
                    .withSeparators(Separators.createDefaultInstance()
                            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                            .withObjectEmptySeparator("")
                            .withArrayEmptySeparator(""))
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private SummaryJson() {
    }

    /** Any record (a benchmark's result, say) in the same layout. */
    public static String toJson(Object value) {
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public static String toJson(SummaryDocument document) {
        try {
            return WRITER.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the summary of " + document.scenario() + " as JSON", e);
        }
    }
}
