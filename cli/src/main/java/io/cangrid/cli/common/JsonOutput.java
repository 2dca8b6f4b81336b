package io.cangrid.cli.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.cangrid.simulator.report.SummaryJson;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Writes a command's result as JSON for {@code --json}. Field order is stable so that output can be
 * diffed and read by scripts: pass records (fields in declaration order) or {@link java.util.LinkedHashMap}s
 * (insertion order); map keys are never re-sorted. Pretty output indents by two spaces and uses
 * {@code \n} line ends on every platform.
 */
public final class JsonOutput {

    private static final ObjectWriter COMPACT = JsonMapper.builder()
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .build()
            .writer();

    private JsonOutput() {
    }

    /** {@code value} as JSON text, without a trailing newline. */
    public static String toJson(Object value, boolean pretty) {
        if (pretty) {
            return SummaryJson.toJson(value); // the one pretty layout, the simulation's reports' too
        }
        try {
            return COMPACT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getName() + " as JSON", e);
        }
    }

    /** Prints {@code value} as JSON followed by a newline, and flushes. */
    public static void print(PrintWriter out, Object value, boolean pretty) {
        out.println(toJson(value, pretty));
        out.flush();
    }

    /** Prints {@code value} as pretty JSON on the command's standard output. */
    public static void print(CommandSpec spec, Object value) {
        print(spec.commandLine().getOut(), value, true);
    }
}
