package io.cangrid.live;

import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.overlay.wire.MessageCodec;

/** Messages of an exact encoded size, padded with their text, for frames at and past a limit. */
final class SizedMessages {

    /** Measures without the codec's limit, so that oversized messages can be sized too. */
    private static final MessageCodec WIDE = MessageCodec.discover(64 << 20);

    private SizedMessages() {
    }

    /** A {@link GridSubmitted} whose body takes exactly {@code bodyBytes}; negating its ticket keeps its size. */
    static GridSubmitted withBody(long ticket, int bodyBytes) {
        int text = Math.max(0, bodyBytes - 16);
        for (int attempt = 0; attempt < 10; attempt++) {
            GridSubmitted m = new GridSubmitted(ticket, null, "x".repeat(text));
            int size = bodyBytes(m);
            if (size == bodyBytes && bodyBytes(new GridSubmitted(-ticket, null, m.refusal())) == bodyBytes) {
                return m;
            }
            text += bodyBytes - size;
        }
        throw new IllegalStateException("no GridSubmitted has a body of exactly " + bodyBytes + " bytes");
    }

    /** A {@link GridSubmitted} whose whole frame (sequence number, body, MAC) takes exactly {@code frameBytes}. */
    static GridSubmitted withFrame(long ticket, int frameBytes) {
        return withBody(ticket, frameBytes - FrameSeal.OVERHEAD);
    }

    static int bodyBytes(GridSubmitted m) {
        return WIDE.encode(m).length;
    }
}
