package io.cangrid.overlay.wire;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.PeersRequest;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.ValueCodec;
import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import java.util.function.Function;

/**
 * The kernel's wire ids (1–99): the value types every module's messages carry. Points, capabilities and
 * requirements are rebuilt through their public constructors, so a decoded value passes the same checks
 * as one made locally.
 */
public final class KernelValues implements MessageCatalog {

    private static final ValueCodec<NodeId> NODE_IDS = new NodeIds();

    /** The wire form of node ids, for codecs of other modules that write one without a class lookup. */
    public static ValueCodec<NodeId> nodeIds() {
        return NODE_IDS;
    }

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(1, NodeId.class, NODE_IDS)
                .register(2, NodeId[].class)
                .register(3, Point.class, new DoublesValue<>(Point.class, Point::toArray, Point::of))
                .register(4, Point[].class)
                .register(5, Capabilities.class, new DoublesValue<>(Capabilities.class, Capabilities::toArray, Capabilities::new))
                .register(6, Requirements.class, new DoublesValue<>(Requirements.class, Requirements::toArray, Requirements::new))
                .register(7, double[].class)
                .register(8, long[].class)
                .register(9, int[].class)
                .register(10, boolean[].class)
                .register(11, String[].class)
                .register(12, byte[].class)
                // Moved here from can-routing with the class; an id never changes its class.
                .register(160, PeersRequest.class);
    }

    /** A value that is an immutable array of doubles behind a validating factory. */
    private static final class DoublesValue<T> implements ValueCodec<T> {

        private final Function<T, double[]> toArray;
        private final Function<double[], T> fromArray;

        private final String name;

        DoublesValue(Class<T> type, Function<T, double[]> toArray, Function<double[], T> fromArray) {
            this.name = type.getSimpleName();
            this.toArray = toArray;
            this.fromArray = fromArray;
        }

        @Override
        public void write(ValueWriter out, T value) {
            CompactDoubles.writeArray(out, toArray.apply(value));
        }

        @Override
        public T read(ValueReader in) {
            return fromArray.apply(CompactDoubles.readArray(in, name));
        }
    }

    /**
     * Node ids travel in nearly every message; written by hand they cost a fraction of what the generic
     * record form costs (no reflection, no per-component class ids).
     */
    private static final class NodeIds implements ValueCodec<NodeId> {

        @Override
        public void write(ValueWriter out, NodeId id) {
            out.writeLong(id.value());
            out.writeString(id.host());
            out.writeVarInt(id.port(), true);
        }

        @Override
        public NodeId read(ValueReader in) {
            long value = in.readLong();
            String host = in.readString();
            int port = in.readVarInt(true);
            return new NodeId(value, host, port);
        }
    }
}
