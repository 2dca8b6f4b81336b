package io.cangrid.overlay;

/**
 * How a value type a module defines travels: written field by field to a {@link ValueWriter} and rebuilt
 * from a {@link ValueReader}, through the type's own checks. Modules register one with
 * {@link io.cangrid.overlay.MessageRegistry#register(int, Class, ValueCodec)} where the generic record form
 * would be slow or could not rebuild the value; the wire format behind the two interfaces is the codec's
 * business, so no module depends on it. A codec keeps no state between calls: one instance serves every
 * message and thread.
 */
public interface ValueCodec<T> {

    void write(ValueWriter out, T value);

    /** @throws io.cangrid.overlay.wire.WireFormatException when the bytes cannot be the value (a count that cannot fit, say) */
    T read(ValueReader in);
}
