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
                        // Sides past the depth are zero, so a shallow path's word is a small number.
                        out.writeVarLong(word, true);
                        word = 0;
                    }
                }
            }

            @Override
            public ZonePath read(Kryo kryo, Input in, Class<? extends ZonePath> type) {
                int depth = in.readVarInt(true);
                int words = (depth + 63) >>> 6;
                if (depth < 0 || words > in.limit() - in.position()) {
                    throw new WireFormatException("a zone path of depth " + depth + " cannot fit in the frame");
                }
                long[] bits = new long[words];
                for (int w = 0; w < words; w++) {
                    bits[w] = in.readVarLong(true);
                }
                return ZonePath.fromBits(bits, depth);
            }
        };

    private static final Serializer<Zone> ZONES = new Serializer<>(false, true) {
            @Override
            public void write(Kryo kryo, Output out, Zone zone) {
                int d = zone.dimensions();
                out.writeVarInt(d, true);
                // One bit per coordinate: set for those written whole, clear for the short form.
                for (int first = 0; first < 2 * d; first += 8) {
                    int mask = 0;
                    for (int i = first; i < Math.min(2 * d, first + 8); i++) {
                        if (!isShort(zone.corner(i))) {
                            mask |= 1 << (i - first);
                        }
                    }
                    out.writeByte(mask);
                }
                for (int i = 0; i < 2 * d; i++) {
                    double x = zone.corner(i);
                    if (isShort(x)) {
                        out.writeVarLong(Long.reverse(Double.doubleToRawLongBits(x)), true);
                    } else {
                        out.writeDouble(x);
                    }
                }
                PATHS.write(kryo, out, zone.path());
                out.writeVarLong(zone.epoch(), false);
            }

            @Override
            public Zone read(Kryo kryo, Input in, Class<? extends Zone> type) {
                int d = in.readVarInt(true);
                // Each coordinate takes at least a byte, and every eight of them a mask byte.
                if (d > (in.limit() - in.position()) / 2) {
                    throw new WireFormatException("a zone of " + d + " dimensions cannot fit in the frame");
                }
                int[] masks = new int[(2 * d + 7) / 8];
                for (int m = 0; m < masks.length; m++) {
                    masks[m] = in.readByte() & 0xFF;
                }
                double[] lo = new double[d];
                double[] hi = new double[d];
                for (int i = 0; i < 2 * d; i++) {
                    boolean whole = (masks[i >>> 3] & (1 << (i & 7))) != 0;
                    double x = whole ? in.readDouble() : Double.longBitsToDouble(Long.reverse(in.readVarLong(true)));
                    if (i < d) {
                        lo[i] = x;
                    } else {
                        hi[i - d] = x;
                    }
                }
                ZonePath path = PATHS.read(kryo, in, ZonePath.class);
                long epoch = in.readVarLong(false);
                return new Zone(lo, hi, path, epoch);
            }
        };

    /**
     * True when a coordinate is worth its short form. Zone faces mostly come from halving, so their
     * mantissas end in long runs of zeros: reversed, the bits make a small number that a variable-length
     * integer writes in two to four bytes instead of eight. A face placed between two arbitrary points has
     * no such run and goes whole.
     */
    static boolean isShort(double x) {
        return Long.reverse(Double.doubleToRawLongBits(x)) >>> 42 == 0;
    }

    public static Serializer<ZonePath> paths() {
        return PATHS;
    }

    public static Serializer<Zone> zones() {
        return ZONES;
    }
}
