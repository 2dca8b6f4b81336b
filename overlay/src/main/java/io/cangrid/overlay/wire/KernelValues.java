package io.cangrid.overlay.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import java.util.function.Function;

/**
 * The kernel's wire ids (1–99): the value types every module's messages carry. Points, capabilities and
 * requirements are rebuilt through their public constructors, so a decoded value passes the same checks
 * as one made locally.
 */
public final class KernelValues implements MessageCatalog {

    private static final Serializer<NodeId> NODE_IDS = new NodeIds();

    /** The wire form of node ids, for serializers of other modules that write one without a class lookup. */
    public static Serializer<NodeId> nodeIds() {
        return NODE_IDS;
    }

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(1, NodeId.class, NODE_IDS)
                .register(2, NodeId[].class)
                .register(3, Point.class, new DoublesValue<>(Point::toArray, Point::of))
                .register(4, Point[].class)
                .register(5, Capabilities.class, new DoublesValue<>(Capabilities::toArray, Capabilities::new))
                .register(6, Requirements.class, new DoublesValue<>(Requirements::toArray, Requirements::new))
                .register(7, double[].class)
                .register(8, long[].class)
                .register(9, int[].class)
                .register(10, boolean[].class)
                .register(11, String[].class)
                .register(12, byte[].class);
    }

    /** A value that is an immutable array of doubles behind a validating factory. */
    private static final class DoublesValue<T> extends Serializer<T> {

        private final Function<T, double[]> toArray;
        private final Function<double[], T> fromArray;

        DoublesValue(Function<T, double[]> toArray, Function<double[], T> fromArray) {
            super(false, true);
            this.toArray = toArray;
            this.fromArray = fromArray;
        }

        @Override
        public void write(Kryo kryo, Output output, T value) {
            CompactDoubles.writeArray(output, toArray.apply(value));
        }

        @Override
        public T read(Kryo kryo, Input input, Class<? extends T> type) {
            return fromArray.apply(CompactDoubles.readArray(input, type.getSimpleName()));
        }
    }

    /**
     * Node ids travel in nearly every message; written by hand they cost a fraction of what the generic
     * record form costs (no reflection, no per-component class ids).
     */
    private static final class NodeIds extends Serializer<NodeId> {

        private static final BoundedStrings STRINGS = new BoundedStrings();

        NodeIds() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output output, NodeId id) {
            output.writeLong(id.value());
            STRINGS.write(kryo, output, id.host());
            output.writeVarInt(id.port(), true);
        }

        @Override
        public NodeId read(Kryo kryo, Input input, Class<? extends NodeId> type) {
            long value = input.readLong();
            String host = STRINGS.read(kryo, input, String.class);
            int port = input.readVarInt(true);
            return new NodeId(value, host, port);
        }
    }
}
