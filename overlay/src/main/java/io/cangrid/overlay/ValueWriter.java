package io.cangrid.overlay;

import java.util.function.Consumer;
import java.util.function.Supplier;

/** Where a {@link ValueCodec} writes: the primitives of the wire format, in the order it reads them back. */
public interface ValueWriter {

    void writeByte(int b);

    void writeLong(long v);

    void writeDouble(double v);

    /** A variable-length int; {@code positive} spends fewer bytes on small non-negative values. */
    void writeVarInt(int v, boolean positive);

    void writeVarLong(long v, boolean positive);

    /** A string, or null, as a byte count and its UTF-8 bytes. */
    void writeString(String s);

    /**
     * Scratch state that lives for the message being written or read now (a table of values the message
     * already carried, say): made by {@code create} once per codec instance and thread, emptied by
     * {@code reset} when a new message starts.
     */
    <S> S messageState(Object key, Supplier<S> create, Consumer<S> reset);
}
