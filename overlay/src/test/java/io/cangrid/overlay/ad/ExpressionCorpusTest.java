package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus {@code ad/expressions.txt}: expressions with the values HTCondor's manual gives them, each
 * evaluated by the evaluator the nodes use, in the manual's machine ad matched against a job. A value is
 * right only when identical in type and value ({@code =?=}): 3 is not 3.0, and true is not 1.
 */
class ExpressionCorpusTest {

    private record Corpus(Ad my, Ad target, List<Arguments> lines) {
    }

    private static Corpus corpus() throws IOException {
        String text;
        try (InputStream in = ExpressionCorpusTest.class.getResourceAsStream("/ad/expressions.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Ad my = null;
        Ad target = null;
        List<Arguments> lines = new ArrayList<>();
        int number = 0;
        for (String line : text.split("\n")) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("my:")) {
                my = Ad.parse(line.substring(3));
            } else if (line.startsWith("target:")) {
                target = Ad.parse(line.substring(7));
            } else {
                int arrow = line.lastIndexOf("==>");
                lines.add(Arguments.of(number, line.substring(0, arrow).trim(), line.substring(arrow + 3).trim()));
            }
        }
        return new Corpus(my, target, lines);
    }

    static Stream<Arguments> lines() throws IOException {
        return corpus().lines().stream();
    }

    @ParameterizedTest(name = "line {0}: {1} ==> {2}")
    @MethodSource("lines")
    void evaluatesAsTheManualSays(int line, String expression, String expected) throws IOException {
        Corpus c = corpus();
        Value want = Expr.parse(expected).evaluate(Scope.of(Ad.EMPTY));
        Value got = Expr.parse(expression).evaluate(Scope.of(c.my(), c.target(), 0));
        assertThat(Op.identical(got, want)).as("line %d: %s gave %s, not %s", line, expression, got, want).isTrue();
    }

    @Test
    void theCorpusHoldsAtLeastSixtyExpressions() throws IOException {
        assertThat(corpus().lines()).hasSizeGreaterThanOrEqualTo(60);
    }
}
