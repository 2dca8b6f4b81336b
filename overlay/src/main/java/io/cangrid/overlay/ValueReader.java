package io.cangrid.overlay;

import java.util.function.Consumer;
import java.util.function.Supplier;

/** Where a {@link ValueCodec} reads: the primitives a {@link ValueWriter} wrote, in the same order. */
public interface ValueReader {

    int readByte();

    long readLong();

    double readDouble();

    int readVarInt(boolean positive);

    long readVarLong(boolean positive);

    /** @throws io.cangrid.overlay.wire.WireFormatException when the announced length cannot fit in what is left of the frame */
    String readString();

    /** Bytes left in the frame: what a count read from it is checked against before anything is allocated. */
    int remaining();

    /** The same scratch state as {@link ValueWriter#messageState}, for the message being read. */
    <S> S messageState(Object key, Supplier<S> create, Consumer<S> reset);
}
