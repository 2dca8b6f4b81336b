package io.cangrid.overlay.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.cangrid.overlay.ValueCodec;
import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A {@link ValueCodec} as Kryo runs it: one instance per Kryo instance (so per thread), reading and writing
 * through the stream Kryo hands it. Each primitive is the Kryo call of the same name, so a value's bytes
 * are what a Kryo serializer written by hand would produce.
 */
final class KryoValues<T> extends Serializer<T> implements ValueWriter, ValueReader {

    private static final BoundedStrings STRINGS = new BoundedStrings();

    private final ValueCodec<T> codec;
    private final Kryo kryo;
    private Output output;
    private Input input;

    KryoValues(ValueCodec<T> codec, Kryo kryo) {
        super(false, true);
        this.codec = codec;
        this.kryo = kryo;
    }

    /** A writer straight onto {@code out}, for code that writes primitives outside a registered value. */
    static ValueWriter writer(Output out) {
        KryoValues<Object> values = new KryoValues<>(null, new Kryo());
        values.output = out;
        return values;
    }

    /** A reader straight from {@code in}; see {@link #writer}. */
    static ValueReader reader(Input in) {
        KryoValues<Object> values = new KryoValues<>(null, new Kryo());
        values.input = in;
        return values;
    }

    @Override
    public void write(Kryo k, Output out, T value) {
        Output outer = output;
        output = out;
        try {
            codec.write(this, value);
        } finally {
            output = outer;
        }
    }

    @Override
    public T read(Kryo k, Input in, Class<? extends T> type) {
        Input outer = input;
        input = in;
        try {
            return codec.read(this);
        } finally {
            input = outer;
        }
    }

    @Override
    public void writeByte(int b) {
        output.writeByte(b);
    }

    @Override
    public void writeLong(long v) {
        output.writeLong(v);
    }

    @Override
    public void writeDouble(double v) {
        output.writeDouble(v);
    }

    @Override
    public void writeVarInt(int v, boolean positive) {
        output.writeVarInt(v, positive);
    }

    @Override
    public void writeVarLong(long v, boolean positive) {
        output.writeVarLong(v, positive);
    }

    @Override
    public void writeString(String s) {
        STRINGS.write(kryo, output, s);
    }

    @Override
    public int readByte() {
        return input.readByte();
    }

    @Override
    public long readLong() {
        return input.readLong();
    }

    @Override
    public double readDouble() {
        return input.readDouble();
    }

    @Override
    public int readVarInt(boolean positive) {
        return input.readVarInt(positive);
    }

    @Override
    public long readVarLong(boolean positive) {
        return input.readVarLong(positive);
    }

    @Override
    public String readString() {
        return STRINGS.read(kryo, input, String.class);
    }

    @Override
    public int remaining() {
        return input.limit() - input.position();
    }

    /*
     * Kryo empties its graph context when a top-level object is done, so an entry there lives for one
     * message; the instance itself is kept in the Kryo's lasting context and reused, emptied.
     */
    @Override
    @SuppressWarnings("unchecked")
    public <S> S messageState(Object key, Supplier<S> create, Consumer<S> reset) {
        S state = (S) kryo.getGraphContext().get(key);
        if (state == null) {
            state = (S) kryo.getContext().get(key);
            if (state == null) {
                state = create.get();
                kryo.getContext().put(key, state);
            } else {
                reset.accept(state);
            }
            kryo.getGraphContext().put(key, state);
        }
        return state;
    }
}
