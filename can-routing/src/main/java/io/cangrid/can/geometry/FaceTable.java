package io.cangrid.can.geometry;

import io.cangrid.overlay.ValueReader;
import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.wire.WireFormatException;
import java.util.Arrays;

/**
 * The zone coordinates one message has carried so far, numbered in the order they first appeared, so that
 * a coordinate seen before travels as its number. A neighbour list names zones that touch one another,
 * so most of their faces recur: a base list of some 25 claims writes about 200 coordinates, of which
 * about 50 are distinct among those that need all eight bytes.
 *
 * <p>Writer and reader each build the same table as the message goes by, so nothing about it is sent. It
 * lives for one message, as the codec's message state (see ValueWriter#messageState). Entries 0 and 1 are the space's own faces, 0 and 1. The table
 * also holds the message's number of dimensions: every zone of one grid has the same, so only the first
 * zone of a message writes it.
 */
final class FaceTable {

    private static final Object KEY = FaceTable.class;
    /** Slots kept from one message to the next: enough for a base list of some 250 zones. */
    private static final int KEPT_SLOTS = 4096;

    private double[] values = new double[64];
    private int size;
    /**
     * From a value's bits to its number + 1 (0 marks a free slot), by open addressing: how the writer
     * finds a face it wrote before. The reader leaves it alone (see append).
     */
    private long[] keys = new long[128];
    private int[] numbers = new int[128];
    /** The dimensions of the message's zones, once its first zone has given them; 0 before. */
    private int dimensions;

    private FaceTable() {
        reset();
    }

    /** The table of the message {@code out} is writing now, emptied when a new message starts. */
    static FaceTable of(ValueWriter out) {
        return out.messageState(KEY, FaceTable::new, FaceTable::reset);
    }

    /** The table of the message {@code in} is reading now. */
    static FaceTable of(ValueReader in) {
        return in.messageState(KEY, FaceTable::new, FaceTable::reset);
    }

    private void reset() {
        size = 0;
        dimensions = 0;
        if (keys.length > KEPT_SLOTS || values.length > KEPT_SLOTS) {
            // A rare message with thousands of faces must not leave its table to every message after it.
            values = new double[64];
            keys = new long[128];
            numbers = new int[128];
        } else {
            Arrays.fill(numbers, 0);
        }
        add(0.0);
        add(1.0);
    }

    /** The dimensions of the zones this message carries, or 0 before its first zone. */
    int dimensions() {
        return dimensions;
    }

    void dimensions(int d) {
        dimensions = d;
    }

    /** The number of {@code x} if this message carried it already, else -1. */
    int find(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int mask = keys.length - 1;
        for (int i = slot(bits, mask); numbers[i] != 0; i = (i + 1) & mask) {
            if (keys[i] == bits) {
                return numbers[i] - 1;
            }
        }
        return -1;
    }

    /** Numbers a coordinate the message carries for the first time, as the writer does: findable by value. */
    void add(double x) {
        append(x);
        if (2 * size > keys.length) {
            rehash(2 * keys.length);
        }
        put(Double.doubleToRawLongBits(x), size);
    }

    /** Numbers a coordinate read for the first time: the reader asks only by number, so no lookup by value. */
    void append(double x) {
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = x;
    }

    /** The coordinate numbered {@code number}, checked against what the message has carried so far. */
    double get(int number) {
        if (number < 0 || number >= size) {
            throw new WireFormatException("a zone refers to face number " + number + " of " + size
                    + " carried so far");
        }
        return values[number];
    }

    private void put(long bits, int numberPlusOne) {
        int mask = keys.length - 1;
        int i = slot(bits, mask);
        while (numbers[i] != 0 && keys[i] != bits) {
            i = (i + 1) & mask;
        }
        keys[i] = bits;
        numbers[i] = numberPlusOne;
    }

    private void rehash(int capacity) {
        keys = new long[capacity];
        numbers = new int[capacity];
        for (int n = 0; n < size; n++) {
            put(Double.doubleToRawLongBits(values[n]), n + 1);
        }
    }

    private static int slot(long bits, int mask) {
        long h = bits * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }
}
