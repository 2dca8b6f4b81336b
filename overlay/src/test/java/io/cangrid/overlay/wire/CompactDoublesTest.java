package io.cangrid.overlay.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CompactDoublesTest {

    private static byte[] written(double... values) {
        Output out = new Output(64, -1);
        CompactDoubles.writeArray(KryoValues.writer(out), values);
        return out.toBytes();
    }

    @Test
    void everyValueComesBackBitForBit() {
        SplittableRandom random = new SplittableRandom(11);
        double[] values = new double[200];
        double[] special = {0.0, -0.0, 1.0, 0.5, 2048, 1.5, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, -3.25, 1.0 / 3};
        System.arraycopy(special, 0, values, 0, special.length);
        for (int i = special.length; i < values.length; i++) {
            values[i] = random.nextBoolean() ? random.nextDouble() : Math.scalb((double) random.nextInt(1 << 9), -random.nextInt(20));
        }
        double[] back = CompactDoubles.readArray(KryoValues.reader(new Input(written(values))), "values");
        assertThat(back).hasSameSizeAs(values);
        for (int i = 0; i < values.length; i++) {
            assertThat(Double.doubleToRawLongBits(back[i])).as("value %d: %s", i, values[i])
                    .isEqualTo(Double.doubleToRawLongBits(values[i]));
        }
    }

    @Test
    void roundValuesTakeAFewBytesAndOthersEight() {
        // Length byte, mask byte, then the values.
        assertThat(written(512, 1024, 2048)).hasSizeLessThanOrEqualTo(2 + 3 * 3);
        assertThat(written(0.1, 1.0 / 3)).hasSize(2 + 2 * Double.BYTES);
    }

    @Test
    void aLengthTheFrameCannotHoldIsRefused() {
        Output out = new Output(16, -1);
        out.writeVarInt(1000, true);
        out.writeByte(0);
        assertThatThrownBy(() -> CompactDoubles.readArray(KryoValues.reader(new Input(out.toBytes())), "Point"))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("Point of 1000 value(s) cannot fit");
    }
}
