package io.cangrid.can.geometry;

import io.cangrid.overlay.wire.CompactDoubles;
import io.cangrid.overlay.ValueCodec;
import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.wire.WireFormatException;

/**
 * Wire forms of zones and partition paths. Both are rebuilt through their own checks (a path side by side
 * from the root, a zone through its constructor), so a decoded zone is as valid as one split locally.
 */
public final class GeometryValues {

    private GeometryValues() {
    }

    /*
     * Both codecs are stateless, so every message shares one of each, and a zone writes its path through
     * PATHS directly: going through the codec's class lookup for every nested value doubled the cost of a
     * neighbour state in copy-on-send runs.
     */
    private static final ValueCodec<ZonePath> PATHS = new ValueCodec<>() {
            @Override
            public void write(ValueWriter out, ZonePath path) {
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
            public ZonePath read(ValueReader in) {
                int depth = in.readVarInt(true);
                int words = (depth + 63) >>> 6;
                if (depth < 0 || words > in.remaining()) {
                    throw new WireFormatException("a zone path of depth " + depth + " cannot fit in the frame");
                }
                long[] bits = new long[words];
                for (int w = 0; w < words; w++) {
                    bits[w] = in.readVarLong(true);
                }
                return ZonePath.fromBits(bits, depth);
            }
        };

    /*
     * The first zone of a message writes the number of dimensions, the others share it (see FaceTable).
     * Each coordinate of a zone starts with a tag: a coordinate new to the message follows in its short or
     * its whole form, or the tag names one the message carried before (see FaceTable).
     */
    private static final int NEW_SHORT = 0;
    private static final int NEW_WHOLE = 1;
    private static final int KNOWN = 2;

    private static final ValueCodec<Zone> ZONES = new ValueCodec<>() {
            @Override
            public void write(ValueWriter out, Zone zone) {
                int d = zone.dimensions();
                FaceTable faces = FaceTable.of(out);
                if (faces.dimensions() == 0) {
                    out.writeVarInt(d, true);
                    faces.dimensions(d);
                } else if (faces.dimensions() != d) {
                    throw new IllegalArgumentException("zones of " + faces.dimensions() + " and " + d
                            + " dimensions cannot travel in one message");
                }
                for (int i = 0; i < 2 * d; i++) {
                    double x = zone.corner(i);
                    int known = faces.find(x);
                    if (known >= 0) {
                        out.writeVarInt(KNOWN + known, true);
                    } else if (CompactDoubles.isShort(x)) {
                        out.writeVarInt(NEW_SHORT, true);
                        CompactDoubles.writeShort(out, x);
                        faces.add(x);
                    } else {
                        out.writeVarInt(NEW_WHOLE, true);
                        out.writeDouble(x);
                        faces.add(x);
                    }
                }
                PATHS.write(out, zone.path());
                out.writeVarLong(zone.epoch(), false);
            }

            @Override
            public Zone read(ValueReader in) {
                FaceTable faces = FaceTable.of(in);
                int d = faces.dimensions();
                if (d == 0) {
                    d = in.readVarInt(true);
                    // Each coordinate takes at least a byte.
                    if (d < 1 || d > (in.remaining()) / 2) {
                        throw new WireFormatException("a zone of " + d + " dimensions cannot fit in the frame");
                    }
                    faces.dimensions(d);
                }
                double[] lo = new double[d];
                double[] hi = new double[d];
                for (int i = 0; i < 2 * d; i++) {
                    int tag = in.readVarInt(true);
                    double x;
                    if (tag == NEW_SHORT) {
                        x = CompactDoubles.readShort(in);
                        faces.append(x);
                    } else if (tag == NEW_WHOLE) {
                        x = in.readDouble();
                        faces.append(x);
                    } else {
                        x = faces.get(tag - KNOWN);
                    }
                    if (i < d) {
                        lo[i] = x;
                    } else {
                        hi[i - d] = x;
                    }
                }
                ZonePath path = PATHS.read(in);
                long epoch = in.readVarLong(false);
                return new Zone(lo, hi, path, epoch);
            }
        };

    public static ValueCodec<ZonePath> paths() {
        return PATHS;
    }

    public static ValueCodec<Zone> zones() {
        return ZONES;
    }
}
