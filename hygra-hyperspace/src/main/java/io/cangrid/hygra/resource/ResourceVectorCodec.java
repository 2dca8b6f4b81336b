package io.cangrid.hygra.resource;

import io.cangrid.overlay.ValueCodec;
import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.wire.WireFormatException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The wire form of a {@link ResourceVector}: its amounts, then its attributes as name/value pairs in name
 * order. The generic form would otherwise need the JDK's private immutable map classes registered.
 */
public final class ResourceVectorCodec implements ValueCodec<ResourceVector> {

    @Override
    public void write(ValueWriter out, ResourceVector v) {
        long[] amounts = v.amounts();
        out.writeVarInt(amounts.length, true);
        for (long a : amounts) {
            out.writeVarLong(a, false);
        }
        Map<String, String> sorted = new TreeMap<>(v.attributes());
        out.writeVarInt(sorted.size(), true);
        sorted.forEach((name, value) -> {
            out.writeString(name);
            out.writeString(value);
        });
    }

    @Override
    public ResourceVector read(ValueReader in) {
        int n = in.readVarInt(true);
        int remaining = in.remaining();
        if (n > remaining) {
            throw new WireFormatException("a resource vector of " + n + " amounts cannot fit in the frame");
        }
        long[] amounts = new long[n];
        for (int i = 0; i < n; i++) {
            amounts[i] = in.readVarLong(false);
        }
        int pairs = in.readVarInt(true);
        if (pairs > in.remaining() / 2) {
            throw new WireFormatException("a resource vector of " + pairs + " attributes cannot fit in the frame");
        }
        Map<String, String> attributes = new TreeMap<>();
        for (int i = 0; i < pairs; i++) {
            attributes.put(in.readString(), in.readString());
        }
        return new ResourceVector(amounts, attributes);
    }
}
