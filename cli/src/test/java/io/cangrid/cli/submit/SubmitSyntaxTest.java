package io.cangrid.cli.submit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pieces of the submit language on their own: lines, macros, arguments, environment, sizes. */
class SubmitSyntaxTest {

    private static final Path FILE = Path.of("job.sub");

    @Test
    void linesDropCommentsAndBlanksAndJoinContinuations() {
        List<SourceLine> lines = SubmitLines.split(FILE, List.of("# comment", "", "a = 1 \\", "  2", "  # x",
                "b = c # not a comment\r"));
        assertThat(lines).containsExactly(new SourceLine(3, "a = 1   2"), new SourceLine(6, "b = c # not a comment"));
    }

    @Test
    void macrosExpandFromJobVariablesFirstThenDefinitionsThenDefaults() {
        Macros macros = new Macros(Map.of("x", new Macros.Definition("X", "$(y)-$(Process)", 1),
                "y", new Macros.Definition("y", "why", 2)), Map.of("process", "7"));
        assertThat(macros.expand("$(X) $(PROCESS) $(z:zed) $(z:) $HOME")).isEqualTo("why-7 7 zed  $HOME");
        assertThat(Macros.references("$(a) and $(B:1)")).containsExactly("a", "b");
        assertThatThrownBy(() -> Macros.references("$(9lives)")).hasMessage("$(9lives) does not name a macro");
    }

    @Test
    void argumentsInBothSyntaxes() {
        assertThat(Arguments.parse("  a  b\tc ")).containsExactly("a", "b", "c");
        assertThat(Arguments.parse("say \\\"hi\\\"")).containsExactly("say", "\"hi\"");
        assertThat(Arguments.parse("\"a 'b c' ''\"")).containsExactly("a", "b c", "");
        assertThat(Arguments.parse("\"'it''s' \"\"q\"\"\"")).containsExactly("it's", "\"q\"");
        assertThat(Arguments.parse("\"\"")).isEmpty();
        assertThatThrownBy(() -> Arguments.parse("\"a \" b\""))
                .hasMessage("a double quote inside the quoted value must be doubled (\"\")");
        assertThatThrownBy(() -> Arguments.parse("\"a b"))
                .hasMessage("the value opens a double quote it does not close: \"a b");
    }

    @Test
    void environmentInBothSyntaxes() {
        assertThat(Environment.parse("A=1; B = x y ;C=")).containsExactly(Map.entry("A", "1"),
                Map.entry("B", " x y"), Map.entry("C", ""));
        assertThat(Environment.parse("\"A=1 B='x y' A=2\"")).containsExactly(Map.entry("A", "2"),
                Map.entry("B", "x y"));
        assertThatThrownBy(() -> Environment.parse("=1")).hasMessage("environment entry `=1` is not NAME=VALUE");
    }

    @Test
    void sizesInHtcondorUnits() {
        assertThat(Sizes.mebibytes("512")).isEqualTo(512);
        assertThat(Sizes.mebibytes("1G")).isEqualTo(1024);
        assertThat(Sizes.mebibytes("1 GB")).isEqualTo(1024);
        assertThat(Sizes.mebibytes("512m")).isEqualTo(512);
        assertThat(Sizes.mebibytes("1500K")).isEqualTo(2); // rounded up: a job never asks less than written
        assertThat(Sizes.mebibytes("1.5G")).isEqualTo(1536);
        assertThat(Sizes.mebibytes("2T")).isEqualTo(2L << 20);
        assertThat(Sizes.kibibytes("1024")).isEqualTo(1024);
        assertThat(Sizes.kibibytes("1M")).isEqualTo(1024);
        assertThatThrownBy(() -> Sizes.mebibytes("-1")).hasMessage("`-1` is not a positive size");
    }
}
