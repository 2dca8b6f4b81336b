package io.cangrid.can.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.ValueWriter;
import io.cangrid.overlay.wire.WireFormatException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FaceTableTest {

    @Test
    void numbersFacesInTheOrderTheyFirstAppearAfterTheSpaceFaces() {
        Messages messages = new Messages();
        FaceTable t = FaceTable.of(messages);
        assertThat(t.find(0.0)).isZero();
        assertThat(t.find(1.0)).isEqualTo(1);
        SplittableRandom random = new SplittableRandom(5);
        double[] faces = new double[1000];
        for (int i = 0; i < faces.length; i++) {
            faces[i] = random.nextDouble();
            assertThat(t.find(faces[i])).isEqualTo(-1);
            t.add(faces[i]);
        }
        for (int i = 0; i < faces.length; i++) {
            assertThat(t.find(faces[i])).isEqualTo(i + 2);
            assertThat(t.get(i + 2)).isEqualTo(faces[i]);
        }
        assertThat(FaceTable.of(messages)).as("the same message, the same table").isSameAs(t);
    }

    @Test
    void aNewMessageStartsFromTheSpaceFacesAlone() {
        Messages messages = new Messages();
        FaceTable t = FaceTable.of(messages);
        t.add(0.25);
        messages.next();
        FaceTable next = FaceTable.of(messages);
        assertThat(next.find(0.25)).isEqualTo(-1);
        assertThat(next.find(1.0)).isEqualTo(1);
    }

    @Test
    void aMessageWithThousandsOfFacesLeavesNoneToTheNext() {
        Messages messages = new Messages();
        FaceTable big = FaceTable.of(messages);
        for (int i = 1; i <= 5000; i++) {
            big.add(i / 8192.0 + 1e-9);
        }
        assertThat(big.find(5000 / 8192.0 + 1e-9)).isEqualTo(5001);
        messages.next();
        FaceTable next = FaceTable.of(messages);
        assertThat(next.find(5000 / 8192.0 + 1e-9)).isEqualTo(-1);
        next.add(0.75);
        assertThat(next.find(0.75)).isEqualTo(2);
        assertThat(next.get(1)).isEqualTo(1.0);

        Messages reading = new Messages();
        FaceTable read = FaceTable.of(reading);
        for (int i = 1; i <= 5000; i++) {
            read.append(i / 8192.0);
        }
        assertThat(read.get(5001)).isEqualTo(5000 / 8192.0);
        reading.next();
        FaceTable after = FaceTable.of(reading);
        assertThatThrownBy(() -> after.get(2)).isInstanceOf(WireFormatException.class);
        after.append(0.75);
        assertThat(after.get(2)).isEqualTo(0.75);
    }

    @Test
    void aNumberNotYetCarriedIsAWireError() {
        FaceTable t = FaceTable.of(new Messages());
        t.append(0.3);
        assertThat(t.get(2)).isEqualTo(0.3);
        assertThatThrownBy(() -> t.get(3)).isInstanceOf(WireFormatException.class)
                .hasMessageContaining("face number 3 of 3");
        assertThatThrownBy(() -> t.get(-1)).isInstanceOf(WireFormatException.class);
    }

    /**
     * Message state as a codec keeps it (see ValueWriter#messageState): one instance per key, emptied when
     * the next message starts. Only the state is needed here; the primitives are never called.
     */
    private static final class Messages implements ValueWriter {

        private final Map<Object, Object> kept = new HashMap<>();
        private final Map<Object, Object> current = new HashMap<>();

        void next() {
            current.clear();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <S> S messageState(Object key, Supplier<S> create, Consumer<S> reset) {
            return (S) current.computeIfAbsent(key, k -> {
                S state = (S) kept.get(k);
                if (state == null) {
                    state = create.get();
                    kept.put(k, state);
                } else {
                    reset.accept(state);
                }
                return state;
            });
        }

        @Override
        public void writeByte(int b) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void writeLong(long v) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void writeDouble(double v) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void writeVarInt(int v, boolean positive) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void writeVarLong(long v, boolean positive) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void writeString(String s) {
            throw new UnsupportedOperationException();
        }
    }
}
