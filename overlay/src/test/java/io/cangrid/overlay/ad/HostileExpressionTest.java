package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A job's requirement is read and evaluated by every node it reaches, so a hostile one must cost each of them
 * little: nesting that would exhaust a parser's stack, text of any length, and a regular expression that
 * backtracks for ages are refused or cut short, and the node goes on.
 */
class HostileExpressionTest {

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String parens = "(".repeat(5_000) + "1" + ")".repeat(5_000);
        assertThatThrownBy(() -> Expr.parse(parens.substring(0, 8_000))).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("nested deeper than");
        assertThatThrownBy(() -> Expr.parse("!".repeat(4_000) + "true")).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("nested deeper than");
        assertThatThrownBy(() -> Expr.parse("1 ? 2 : ".repeat(1_000) + "3")).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("nested deeper than");
        assertThat(Expr.parse("(".repeat(30) + "other.Memory >= 2G" + ")".repeat(30)))
                .isInstanceOf(Expr.Binary.class);
    }

    @Test
    void anExpressionLongerThanTheBoundIsRefused() {
        String longer = "other.Memory >= 1" + " && other.Memory >= 1".repeat(500);
        assertThatThrownBy(() -> Expr.parse(longer)).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("longer than " + ExprParser.MAX_LENGTH);
    }

    @Test
    void aBacktrackingRegularExpressionIsCutShortAndIsAnError() {
        // Polynomial of degree ten in the text's length: seconds for these sixty characters, unbounded.
        Ad machine = Ad.EMPTY.with("Name", Value.of("a,".repeat(30)));
        Value v = Expr.parse("regexp(\"(.*,){10}x\", other.Name)").evaluate(Scope.of(Ad.EMPTY, machine, 0));
        assertThat(v).isEqualTo(Value.ERROR);
        assertThat(Expr.parse("regexp(\"^(a,)+$\", other.Name)").evaluate(Scope.of(Ad.EMPTY, machine, 0)))
                .isEqualTo(Value.TRUE);
    }
}
