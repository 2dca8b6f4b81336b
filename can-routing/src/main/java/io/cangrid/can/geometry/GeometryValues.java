package io.cangrid.can.geometry;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.cangrid.overlay.wire.WireFormatException;

/**
 * Wire forms of zones and partition paths. Both are rebuilt through their own checks (a path side by side
 * from the root, a zone through its constructor), so a decoded zone is as valid as one split locally.
 */
public final class GeometryValues {

    private GeometryValues() {
    }

    /*
     * Both serializers are stateless, so every Kryo instance shares one of each, and a zone writes its path
     * through PATHS directly: going through Kryo's class lookup for every nested value doubled the cost of
     * a neighbour state in copy-on-send runs.
     */
    private static final Serializer<ZonePath> PATHS = new Serializer<>(false, true) {
            @Override
            public void write(Kryo kryo, Output out, ZonePath path) {
                out.writeVarInt(path.depth(), true);
                long word = 0;
                for (int level = 0; level < path.depth(); level++) {
                    word |= (long) path.bit(level) << (level & 63);
                    if ((level & 63) == 63 || level == path.depth() - 1) {
                        out.writeLong(word);
                        word = 0;
                    }
                }
            }

            @Override
            public ZonePath read(Kryo kryo, Input in, Class<? extends ZonePath> type) {
                int depth = in.readVarInt(true);
                int words = (depth + 63) >>> 6;
                if (words > (in.limit() - in.position()) / Long.BYTES) {
                    throw new WireFormatException("a zone path of depth " + depth + " cannot fit in the frame");
                }
                long[] bits = new long[words];
                for (int w = 0; w < words; w++) {
                    bits[w] = in.readLong();
                }
                return ZonePath.fromBits(bits, depth);
            }
        };

    private static final Serializer<Zone> ZONES = new Serializer<>(false, true) {
            @Override
            public void write(Kryo kryo, Output out, Zone zone) {
                int d = zone.dimensions();
                out.writeVarInt(d, true);
                out.writeDoubles(zone.loArray(), 0, d);
                out.writeDoubles(zone.hiArray(), 0, d);
                PATHS.write(kryo, out, zone.path());
                out.writeVarLong(zone.epoch(), false);
            }

            @Override
            public Zone read(Kryo kryo, Input in, Class<? extends Zone> type) {
                int d = in.readVarInt(true);
                if (d > (in.limit() - in.position()) / (2 * Double.BYTES)) {
                    throw new WireFormatException("a zone of " + d + " dimensions cannot fit in the frame");
                }
                double[] lo = in.readDoubles(d);
                double[] hi = in.readDoubles(d);
                ZonePath path = PATHS.read(kryo, in, ZonePath.class);
                long epoch = in.readVarLong(false);
                return new Zone(lo, hi, path, epoch);
            }
        };

    public static Serializer<ZonePath> paths() {
        return PATHS;
    }

    public static Serializer<Zone> zones() {
        return ZONES;
    }
}
