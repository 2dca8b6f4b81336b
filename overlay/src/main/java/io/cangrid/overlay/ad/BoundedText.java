package io.cangrid.overlay.ad;

/**
 * A string that a regular expression may read only so many characters of, in all. Java's matcher backtracks,
 * and a pattern such as {@code (a+)+b} takes time exponential in the text: written into a job's requirement,
 * it would hold every node that evaluates it. Past {@link #BUDGET} reads the match stops, and
 * {@code regexp()} is {@code error}.
 */
final class BoundedText implements CharSequence {

    /** Characters read per match at most: far beyond what any honest pattern needs on an attribute's value. */
    static final int BUDGET = 1_000_000;

    static final class Exhausted extends RuntimeException {
        Exhausted() {
            super("a regular expression read more than " + BUDGET + " characters", null, false, false);
        }
    }

    private final String text;
    private final int[] reads;

    BoundedText(String text) {
        this(text, new int[1]);
    }

    private BoundedText(String text, int[] reads) {
        this.text = text;
        this.reads = reads;
    }

    @Override
    public char charAt(int index) {
        if (++reads[0] > BUDGET) {
            throw new Exhausted();
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new BoundedText(text.substring(start, end), reads);
    }

    @Override
    public String toString() {
        return text;
    }
}
