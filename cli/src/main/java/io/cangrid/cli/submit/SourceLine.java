package io.cangrid.cli.submit;

/**
 * One logical line of a submit file: its continuations joined, without comments or blank lines.
 *
 * @param number the physical line it starts on (1-based), for messages
 * @param text   the line's text, trimmed
 */
public record SourceLine(int number, String text) {
}
