package io.cangrid.cli;

import io.cangrid.cli.common.JsonOutput;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonOutputTest {

    record Result(String zeta, int alpha, List<Double> mid) {
    }

    @Test
    void recordsKeepDeclarationOrder() {
        assertThat(JsonOutput.toJson(new Result("z", 1, List.of(0.5)), false))
                .isEqualTo("{\"zeta\":\"z\",\"alpha\":1,\"mid\":[0.5]}");
    }

    @Test
    void mapsKeepInsertionOrder() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("nodes", 10);
        map.put("hops", 2.5);
        map.put("algorithm", "can-p");
        assertThat(JsonOutput.toJson(map, false)).isEqualTo("{\"nodes\":10,\"hops\":2.5,\"algorithm\":\"can-p\"}");
    }

    @Test
    void prettyOutputUsesTwoSpacesAndNewlines() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("a", 1);
        map.put("b", List.of(1, 2));
        assertThat(JsonOutput.toJson(map, true)).isEqualTo("{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ]\n}");
    }

    @Test
    void printEndsWithANewlineAndLeavesTheWriterOpen() {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        JsonOutput.print(out, Map.of("k", "v"), false);
        out.print("after");
        out.flush();
        assertThat(text.toString()).isEqualTo("{\"k\":\"v\"}" + System.lineSeparator() + "after");
    }

    @Test
    void jsonOptionIsAddedAsAMixin() {
        CliRun run = CliRun.run(CangridCommand.newCommandLine().addSubcommand("emit", new JsonEmittingCommand()),
                "emit", "--json");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("{\n  \"zeta\": \"z\",\n  \"alpha\": 2,\n  \"mid\": []\n}" + System.lineSeparator());
    }
}
