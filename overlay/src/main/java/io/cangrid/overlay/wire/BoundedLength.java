package io.cangrid.overlay.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Wraps an array serializer so that a length prefix larger than the bytes left in the frame is refused
 * before anything is allocated: every element takes at least one byte, so a longer array cannot be in the
 * frame, and a forged length must not make the receiver allocate gigabytes.
 */
final class BoundedLength<T> extends Serializer<T> {

    private final Serializer<T> inner;

    BoundedLength(Serializer<T> inner) {
        super(inner.getAcceptsNull(), inner.isImmutable());
        this.inner = inner;
    }

    @Override
    public void write(Kryo kryo, Output output, T object) {
        inner.write(kryo, output, object);
    }

    @Override
    public T read(Kryo kryo, Input input, Class<? extends T> type) {
        int start = input.position();
        int lengthPlusOne = input.readVarInt(true);
        input.setPosition(start);
        int remaining = input.limit() - input.position();
        if (lengthPlusOne - 1 > remaining) {
            throw new WireFormatException("an array of " + (lengthPlusOne - 1) + " element(s) cannot fit in the "
                    + remaining + " byte(s) left of the frame");
        }
        return inner.read(kryo, input, type);
    }

    @Override
    public T copy(Kryo kryo, T original) {
        return inner.copy(kryo, original);
    }
}
