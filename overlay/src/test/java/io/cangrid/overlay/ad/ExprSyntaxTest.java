package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A malformed expression or ad is refused with what was wrong and the column (and line) where. */
class ExprSyntaxTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "other.Memory >= | 16 | ends where a value was expected",
        "other.Memory >= 2048 &&& true | 24 | unexpected character '&'",
        "(other.Cpus > 2 | 16 | expected ')' closing the '(' at column 1",
        "other.OpSys == \"LINUX | 16 | string opened here is not closed",
        "foo(1) | 1 | unknown function 'foo'",
        "member(1) | 1 | member() takes 2 arguments, not 1",
        "job.Memory > 2 | 1 | only my., other. and target. may scope",
        "other.Memory > 28Mb | 16 | a number cannot run into a name",
        "KeybrdIdle > '15 minutes' | 14 | no relative time",
        "other.Arch == \"X86_64\" other.OpSys | 24 | after a complete expression",
        "other.Disk # 3 | 12 | unexpected character '#'",
    })
    void pointsAtTheColumn(String text, int column, String says) {
        assertThatThrownBy(() -> Expr.parse(text)).isInstanceOfSatisfying(ExprSyntaxException.class, e -> {
            assertThat(e.column()).as(e.getMessage()).isEqualTo(column);
            assertThat(e.getMessage()).startsWith("column " + column + ": ").contains(says).contains("^");
        });
    }

    @Test
    void anAdNamesTheLineAsWell() {
        assertThatThrownBy(() -> Ad.parse("Memory = 2048\nOpSys = \"LINUX\" Arch\n"))
                .isInstanceOfSatisfying(ExprSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.column()).isEqualTo(17);
                    assertThat(e.getMessage()).startsWith("line 2, column 17: expected ';' or a new line");
                });
        assertThatThrownBy(() -> Ad.parse("[ A = 1; a = 2 ]")).hasMessageContaining("'a' is given twice");
    }

    @Test
    void anAdGivenOneAttributeALineReadsAsTheBracketedForm() {
        Ad lines = Ad.parse("Memory = 2048 // MiB\nLicenses = {\"matlab\"}\nStart = other.Owner != \"riffraff\"\n");
        Ad brackets = Ad.parse("[ Memory = 2048; Licenses = {\"matlab\"}; Start = other.Owner != \"riffraff\" ]");
        assertThat(lines.toString()).isEqualTo(brackets.toString());
        assertThat(lines.names()).containsExactly("Memory", "Licenses", "Start");
    }

    @Test
    void whatAnExpressionWritesReadsBackTheSame() {
        String text = "other.Memory >= 2G && (member(\"matlab\", other.Licenses) || !isUndefined(other.Gpu))"
                + " ? -other.LoadAvg * 2 : UNDEFINED ?: 'd1+02:00'";
        // A relative time's form is checked too: this one is malformed on purpose, the rest read back.
        assertThatThrownBy(() -> Expr.parse(text)).isInstanceOf(ExprSyntaxException.class);
        Expr e = Expr.parse(text.replace("'d1+02:00'", "'1+02:00'"));
        assertThat(Expr.parse(e.toString()).toString()).isEqualTo(e.toString());
    }
}
