package io.cangrid.overlay.ad;

/**
 * An expression or ad that does not parse: the message says what was wrong and where, the line (when the text
 * has several) and column counted from 1, and shows the line with a caret under the place.
 */
public final class ExprSyntaxException extends IllegalArgumentException {

    private final int line;
    private final int column;
    private final String oneLine;

    ExprSyntaxException(String what, String text, int offset) {
        super(describe(what, text, offset));
        int[] at = position(text, offset);
        this.line = at[0];
        this.column = at[1];
        this.oneLine = (text.indexOf('\n') >= 0 ? "line " + line + ", " : "") + "column " + column + ": " + what;
    }

    /** The message without the line shown under it: for an error that must fit one line. */
    public String oneLine() {
        return oneLine;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    private static int[] position(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < Math.min(offset, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }

    private static String describe(String what, String text, int offset) {
        int[] at = position(text, offset);
        int lineStart = offset - (at[1] - 1);
        int lineEnd = text.indexOf('\n', lineStart);
        String shown = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd);
        String where = (text.indexOf('\n') >= 0 ? "line " + at[0] + ", " : "") + "column " + at[1];
        return where + ": " + what + "\n  " + shown + "\n  " + " ".repeat(at[1] - 1) + "^";
    }
}
