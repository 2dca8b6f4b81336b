package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobIdTest {

    private static final double STEP = 1.0 / (1 << 30);

    @Test
    void textFormIsSerialThenFixedWidthCoordinates() {
        JobId id = new JobId(42, Point.of(0.25, 0.0, 1.0, 0.9375));
        assertThat(id).hasToString("j000000000000002a@10000000.00000000.40000000.3c000000");
        assertThat(new JobId(-1, Point.of(0.5, 0.0))).hasToString("jffffffffffffffff@20000000.00000000");
    }

    @Test
    void parseReadsTheTextFormBack() {
        JobId id = JobId.parse("j000000000000002a@10000000.00000000.40000000.3c000000");
        assertThat(id.serial()).isEqualTo(42);
        assertThat(id.point()).isEqualTo(Point.of(0.25, 0.0, 1.0, 0.9375));
        assertThat(id.realDimensions()).isEqualTo(3);
        assertThat(id.virtualCoordinate()).isEqualTo(0.9375);
        assertThat(JobId.parse("jffffffffffffffff@20000000.00000000").serial()).isEqualTo(-1);
    }

    @Test
    void coordinatesRoundDownOntoTheGrid() {
        JobId id = new JobId(7, Point.of(0.3, 0.7, 1.0 - 1e-12));
        assertThat(id.point().get(0)).isLessThanOrEqualTo(0.3).isGreaterThan(0.3 - STEP);
        assertThat(id.point().get(1)).isLessThanOrEqualTo(0.7).isGreaterThan(0.7 - STEP);
        assertThat(id.virtualCoordinate()).isEqualTo(1.0 - STEP);
        // Points that differ only below the grid name the same job.
        assertThat(new JobId(7, Point.of(0.3 + 1e-12, 0.7, 0.999999999999))).isEqualTo(id).hasSameHashCodeAs(id);
        assertThat(new JobId(8, Point.of(0.3, 0.7, 0.5))).isNotEqualTo(new JobId(7, Point.of(0.3, 0.7, 0.5)));
    }

    @Test
    void rejectsPointsOfTheWrongShape() {
        assertThatThrownBy(() -> new JobId(1, Point.of(0.5))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 2..64 coordinates").hasMessageContaining("got 1");
        assertThatThrownBy(() -> new JobId(1, Point.of(new double[65]))).hasMessageContaining("got 65");
        assertThatThrownBy(() -> new JobId(1, Point.of(0.5, 1.0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("virtual coordinate must lie in [0,1)");
        assertThatThrownBy(() -> new JobId(1, null)).isInstanceOf(NullPointerException.class);
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "\"\"                                    | a job id starts with 'j'",
        "\" j000000000000002a@10000000.00000000\" | a job id starts with 'j'",
        "x000000000000002a@10000000.00000000    | a job id starts with 'j'",
        "j000000000000002a                      | no '@' between the serial and the point",
        "j2a@10000000.00000000                  | the serial must have 16 hex digits, has 2 ('2a')",
        "j000000000000002A@10000000.00000000    | the serial has 'A' where a lower-case hex digit belongs",
        "j000000000000002a@10000000             | the point needs at least 2 coordinates separated by '.', found 1",
        "j000000000000002a@10000000.            | coordinate 1 is empty; it needs 8 hex digits",
        "j000000000000002a@1000000g.00000000    | coordinate 0 has 'g' where a lower-case hex digit belongs",
        "j000000000000002a@10000000.000000000   | coordinate 1 must have 8 hex digits, has 9 ('000000000')",
        "j000000000000002a@40000001.00000000    | coordinate 0 (40000001) exceeds 40000000, which stands for 1.0",
        "j000000000000002a@10000000.40000000    | the virtual coordinate (the last) must be below 1.0",
        "j000000000000002a@10000000..00000000   | coordinate 1 is empty; it needs 8 hex digits",
        "j@10000000.00000000                    | the serial is empty; it needs 16 hex digits",
    })
    void parseRejectsMalformedTextSayingWhatIsWrong(String text, String problem) {
        assertThatThrownBy(() -> JobId.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("malformed job id '" + text + "': " + problem);
    }

    @Test
    void parseRejectsOverlongTextWithoutEchoingAllOfIt() {
        String text = "j000000000000002a@" + "10000000.".repeat(100) + "00000000";
        assertThatThrownBy(() -> JobId.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than any job id").hasMessageContaining("...");
        assertThatThrownBy(() -> JobId.parse(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void ordersBySerialThenCoordinates() {
        JobId a = new JobId(1, Point.of(0.9, 0.9));
        JobId b = new JobId(2, Point.of(0.1, 0.1));
        JobId c = new JobId(2, Point.of(0.1, 0.2));
        assertThat(a).isLessThan(b);
        assertThat(b).isLessThan(c);
        assertThat(c.compareTo(new JobId(2, Point.of(0.1, 0.2)))).isZero();
        assertThat(new JobId(2, Point.of(0.1, 0.2))).isLessThan(new JobId(2, Point.of(0.1, 0.2, 0.0)));
    }
}
