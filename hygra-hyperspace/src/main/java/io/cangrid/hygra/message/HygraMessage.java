package io.cangrid.hygra.message;

import io.cangrid.overlay.Message;

/** Marker of every message the HYGRA protocol sends, so a node hands them to it with one type test. */
public interface HygraMessage extends Message {
}
