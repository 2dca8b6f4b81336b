package io.cangrid.overlay.sim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.wire.MessageCodec;
import java.util.Locale;

/**
 * How a simulation hands a message from sender to receiver. {@link #DIRECT} passes the very object, the
 * fast default. {@link #KRYO} (copy-on-send) encodes every message with the live runtime's codec and
 * delivers the decoded copy, which proves that no protocol relies on sharing objects with its peers
 * (identity comparisons, arrays mutated after sending) and that every message survives the wire. Both
 * give the same results for the same seed: the codec consumes no randomness and no virtual time.
 *
 * <p>The system property {@value #PROPERTY} ({@code direct} or {@code kryo}) sets the default for every
 * simulation in a JVM, which is how the test suites are run a second time in copy-on-send mode.
 */
public enum WireMode {
    DIRECT,
    KRYO;

    public static final String PROPERTY = "cangrid.sim.wire";

    /** Simulated messages may be larger than a live frame (a join answer in a million-node grid). */
    private static final int MAX_SIMULATED_BYTES = 64 << 20;

    /** The mode named by {@value #PROPERTY}, {@link #DIRECT} when it is not set. */
    public static WireMode fromSystemProperty() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isBlank() ? DIRECT : parse(value);
    }

    /** {@code direct} or {@code kryo}, in any case. */
    public static WireMode parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "direct" -> DIRECT;
            case "kryo" -> KRYO;
            default -> throw new IllegalArgumentException("unknown wire mode '" + text + "'; use direct or kryo");
        };
    }

    /** What the receiver of {@code message} gets. */
    Message carry(Message message) {
        if (this == DIRECT) {
            return message;
        }
        MessageCodec codec = SharedCodec.INSTANCE;
        return codec.decode(codec.encode(message));
    }

    /** Built on first use of copy-on-send, after every module's catalog is on the class path. */
    private static final class SharedCodec {
        static final MessageCodec INSTANCE = MessageCodec.discover(MAX_SIMULATED_BYTES);
    }
}
