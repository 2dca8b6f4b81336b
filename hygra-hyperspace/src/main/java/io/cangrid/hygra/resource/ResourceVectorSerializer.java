package io.cangrid.hygra.resource;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.cangrid.overlay.wire.WireFormatException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The wire form of a {@link ResourceVector}: its amounts, then its attributes as name/value pairs in name
 * order. Kryo would otherwise need the JDK's private immutable map classes registered.
 */
public final class ResourceVectorSerializer extends Serializer<ResourceVector> {

    public ResourceVectorSerializer() {
        super(false, true);
    }

    @Override
    public void write(Kryo kryo, Output out, ResourceVector v) {
        long[] amounts = v.amounts();
        out.writeVarInt(amounts.length, true);
        for (long a : amounts) {
            out.writeVarLong(a, false);
        }
        Map<String, String> sorted = new TreeMap<>(v.attributes());
        out.writeVarInt(sorted.size(), true);
        sorted.forEach((name, value) -> {
            kryo.writeObject(out, name);
            kryo.writeObject(out, value);
        });
    }

    @Override
    public ResourceVector read(Kryo kryo, Input in, Class<? extends ResourceVector> type) {
        int n = in.readVarInt(true);
        int remaining = in.limit() - in.position();
        if (n > remaining) {
            throw new WireFormatException("a resource vector of " + n + " amounts cannot fit in the frame");
        }
        long[] amounts = new long[n];
        for (int i = 0; i < n; i++) {
            amounts[i] = in.readVarLong(false);
        }
        int pairs = in.readVarInt(true);
        if (pairs > (in.limit() - in.position()) / 2) {
            throw new WireFormatException("a resource vector of " + pairs + " attributes cannot fit in the frame");
        }
        Map<String, String> attributes = new TreeMap<>();
        for (int i = 0; i < pairs; i++) {
            attributes.put(kryo.readObject(in, String.class), kryo.readObject(in, String.class));
        }
        return new ResourceVector(amounts, attributes);
    }
}
