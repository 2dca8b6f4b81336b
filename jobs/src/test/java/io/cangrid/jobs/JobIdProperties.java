package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.cangrid.overlay.Point;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Round trips and robustness of the id's text form, on points drawn from one seed per try. */
class JobIdProperties {

    private static final double STEP = 1.0 / (1 << 30);

    static Point randomPoint(SplittableRandom rnd) {
        double[] c = new double[rnd.nextInt(2, 9)];
        for (int i = 0; i < c.length; i++) {
            c[i] = switch (rnd.nextInt(5)) {
                case 0 -> 0.0;
                case 1 -> 1.0;
                case 2 -> Double.MIN_VALUE;
                default -> rnd.nextDouble();
            };
        }
        c[c.length - 1] = rnd.nextDouble(); // the virtual coordinate stays below 1
        return Point.of(c);
    }

    @Property(tries = 500)
    void textFormRoundTrips(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        JobId id = new JobId(rnd.nextLong(), randomPoint(rnd));
        String text = id.toString();
        JobId back = JobId.parse(text);
        assertThat(back).as("seed %d: %s", seed, text).isEqualTo(id);
        assertThat(back.point()).as("seed %d", seed).isEqualTo(id.point());
        assertThat(back).as("seed %d", seed).hasToString(text);
        assertThat(text).as("seed %d", seed).hasSize(17 + 9 * id.point().dimensions());
    }

    @Property(tries = 500)
    void roundingDownMovesLessThanOneStepAndIsIdempotent(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Point p = randomPoint(rnd);
        JobId id = new JobId(1, p);
        for (int i = 0; i < p.dimensions(); i++) {
            double c = id.point().get(i);
            assertThat(c).as("seed %d coordinate %d", seed, i).isLessThanOrEqualTo(p.get(i)).isGreaterThan(p.get(i) - STEP);
        }
        assertThat(new JobId(1, id.point()).point()).as("seed %d", seed).isSameAs(id.point());
    }

    /** Corrupting one character of an id either is rejected cleanly, or yields another id spelled exactly so. */
    @Property(tries = 1000)
    void anyAcceptedTextIsCanonicalAndAnyOtherIsRejectedCleanly(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        String valid = new JobId(rnd.nextLong(), randomPoint(rnd)).toString();
        String alphabet = "0123456789abcdefABCDEFgj@.- \u00e9";
        StringBuilder text = new StringBuilder(valid);
        int at = rnd.nextInt(text.length() + 1);
        switch (rnd.nextInt(3)) {
            case 0 -> text.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
            case 1 -> text.deleteCharAt(Math.min(at, text.length() - 1));
            default -> text.setCharAt(Math.min(at, text.length() - 1), alphabet.charAt(rnd.nextInt(alphabet.length())));
        }
        String corrupted = text.toString();
        try {
            assertThat(JobId.parse(corrupted)).as("seed %d", seed).hasToString(corrupted);
        } catch (IllegalArgumentException expected) {
            assertThat(expected.getMessage()).as("seed %d", seed).startsWith("malformed job id '");
        } catch (RuntimeException e) {
            fail("seed " + seed + ": '" + corrupted + "' threw " + e, e);
        }
    }

    @Property(tries = 300)
    void arbitraryTextNeverThrowsAnythingButIllegalArgument(@ForAll String text) {
        try {
            assertThat(JobId.parse(text)).hasToString(text);
        } catch (IllegalArgumentException expected) {
            assertThat(expected.getMessage()).startsWith("malformed job id '");
        }
    }
}
