package io.cangrid.overlay.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.charset.StandardCharsets;

/**
 * Strings as a byte count and UTF-8 bytes. Kryo's own format announces a character count and allocates for
 * it up front; this one checks the count against the frame first, for the reason {@link BoundedLength} gives.
 */
final class BoundedStrings extends Serializer<String> {

    BoundedStrings() {
        super(true, true);
    }

    @Override
    public void write(Kryo kryo, Output output, String s) {
        if (s == null) {
            output.writeVarInt(0, true);
            return;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        output.writeVarInt(bytes.length + 1, true);
        output.writeBytes(bytes);
    }

    @Override
    public String read(Kryo kryo, Input input, Class<? extends String> type) {
        int lengthPlusOne = input.readVarInt(true);
        if (lengthPlusOne == 0) {
            return null;
        }
        int length = lengthPlusOne - 1;
        int remaining = input.limit() - input.position();
        if (length > remaining) {
            throw new WireFormatException("a string of " + length + " byte(s) cannot fit in the " + remaining
                    + " byte(s) left of the frame");
        }
        return new String(input.readBytes(length), StandardCharsets.UTF_8);
    }
}
