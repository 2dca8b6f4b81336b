package io.cangrid.overlay.wire;

/**
 * Bytes that do not decode to a message: an unknown type id, a truncated or over-long body, values a
 * type refuses (a coordinate outside [0,1], a negative capability). The message says which, so a log line
 * can name the problem without a stack trace.
 */
public final class WireFormatException extends RuntimeException {

    public WireFormatException(String message) {
        super(message);
    }

    public WireFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
