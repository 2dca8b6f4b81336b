package io.cangrid.can.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.Kryo;
import io.cangrid.overlay.wire.WireFormatException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FaceTableTest {

    @Test
    void numbersFacesInTheOrderTheyFirstAppearAfterTheSpaceFaces() {
        Kryo kryo = new Kryo();
        FaceTable t = FaceTable.of(kryo);
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
        assertThat(FaceTable.of(kryo)).as("the same message, the same table").isSameAs(t);
    }

    @Test
    void aNewMessageStartsFromTheSpaceFacesAlone() {
        Kryo kryo = new Kryo();
        FaceTable t = FaceTable.of(kryo);
        t.add(0.25);
        kryo.reset();
        FaceTable next = FaceTable.of(kryo);
        assertThat(next.find(0.25)).isEqualTo(-1);
        assertThat(next.find(1.0)).isEqualTo(1);
    }

    @Test
    void aMessageWithThousandsOfFacesLeavesNoneToTheNext() {
        Kryo kryo = new Kryo();
        FaceTable big = FaceTable.of(kryo);
        for (int i = 1; i <= 5000; i++) {
            big.add(i / 8192.0 + 1e-9);
        }
        assertThat(big.find(5000 / 8192.0 + 1e-9)).isEqualTo(5001);
        kryo.reset();
        FaceTable next = FaceTable.of(kryo);
        assertThat(next.find(5000 / 8192.0 + 1e-9)).isEqualTo(-1);
        next.add(0.75);
        assertThat(next.find(0.75)).isEqualTo(2);
        assertThat(next.get(1)).isEqualTo(1.0);

        Kryo reading = new Kryo();
        FaceTable read = FaceTable.of(reading);
        for (int i = 1; i <= 5000; i++) {
            read.append(i / 8192.0);
        }
        assertThat(read.get(5001)).isEqualTo(5000 / 8192.0);
        reading.reset();
        FaceTable after = FaceTable.of(reading);
        assertThatThrownBy(() -> after.get(2)).isInstanceOf(WireFormatException.class);
        after.append(0.75);
        assertThat(after.get(2)).isEqualTo(0.75);
    }

    @Test
    void aNumberNotYetCarriedIsAWireError() {
        FaceTable t = FaceTable.of(new Kryo());
        t.append(0.3);
        assertThat(t.get(2)).isEqualTo(0.3);
        assertThatThrownBy(() -> t.get(3)).isInstanceOf(WireFormatException.class)
                .hasMessageContaining("face number 3 of 3");
        assertThatThrownBy(() -> t.get(-1)).isInstanceOf(WireFormatException.class);
    }
}
