package io.cangrid.overlay;

/**
 * Text that came from the network (grid names, job names, commands, reasons) made safe for one log line:
 * control characters, quotes and backslashes escaped, so that a newline in a peer's grid name cannot forge a
 * line of its own, and cut to a bounded length, so that one message cannot fill the log.
 */
public final class LogText {

    /** What a log line keeps of one foreign value by default. */
    public static final int DEFAULT_MAX = 200;

    private LogText() {
    }

    /** {@code text} escaped and cut to {@link #DEFAULT_MAX} characters; "null" for null. */
    public static String of(String text) {
        return of(text, DEFAULT_MAX);
    }

    /**
     * {@code text} with every control character written as {@code \n}, {@code \r}, {@code \t} or a
     * backslash, {@code u} and its four hex digits; backslashes doubled; at most {@code max} characters of
     * the original kept (a cut says how many were left out).
     */
    public static String of(String text, int max) {
        if (text == null) {
            return "null";
        }
        int keep = Math.min(text.length(), Math.max(0, max));
        StringBuilder sb = new StringBuilder(keep + 16);
        for (int i = 0; i < keep; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        if (keep < text.length()) {
            sb.append("...[").append(text.length() - keep).append(" more]");
        }
        return sb.toString();
    }
}
