package io.cangrid.jobs.message;

import io.cangrid.overlay.wire.MessageCodec;
import io.cangrid.overlay.wire.WireFormatException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.io.Output;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.ResubmitJob;
import io.cangrid.overlay.resource.Requirements;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MessageCodecTest {

    private final MessageCodec codec = MessageCodec.discover(1 << 20);

    private static JobProfile profile() {
        JobId id = new JobId(42, Point.of(0.25, 0.5, 0.75));
        JobSpec spec = new JobSpec(new Requirements(2.0, 4096.0), 600, "render frame 7");
        return new JobProfile(id, spec, new NodeId(7, "127.0.0.1", 4000), 1_000, 2);
    }

    @Test
    void aMessageWithNestedValuesSurvivesTheWire() {
        ResubmitJob sent = new ResubmitJob(profile());
        Message received = codec.decode(codec.encode(sent));
        assertThat(received).isEqualTo(sent).isNotSameAs(sent);
        assertThat(((ResubmitJob) received).profile().client().host()).isEqualTo("127.0.0.1");
    }

    @Test
    void aJobsRequirementsAndRankSurviveAndAMalformedOneIsRefusedAsItIsRead() {
        JobProfile p = profile();
        String requirements = "other.OpSys == \"LINUX\" && other.Memory >= 2 && true";
        JobSpec spec = new JobSpec(p.spec().requirements(), 600, null, null, 1,
                new JobExpressions(requirements, "other.Memory"));
        ResubmitJob sent = new ResubmitJob(new JobProfile(p.id(), spec, p.client(), 1_000, 2));
        byte[] bytes = codec.encode(sent);
        assertThat(codec.decode(bytes)).isEqualTo(sent);
        // A member that writes the bytes itself: ">= 2 &&" becomes ">= + &&", which does not parse.
        int at = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf(">= 2 &&");
        assertThat(at).isPositive();
        bytes[at + 3] = '+';
        assertThatThrownBy(() -> codec.decode(bytes)).isInstanceOf(WireFormatException.class);
    }

    @Test
    void aMachinesPublishedAdSurvivesAndAMalformedOneIsRefusedAsItIsRead() {
        io.cangrid.overlay.resource.ResourceSchema schema = io.cangrid.overlay.resource.ResourceSchema.defaultSchema();
        MachineAd machine = MachineAd.of(schema, new io.cangrid.overlay.resource.Capabilities(new double[] {2, 4096, 50}),
                java.util.Map.of("OpSys", io.cangrid.overlay.ad.Value.of("LINUX"), "Licenses",
                        new io.cangrid.overlay.ad.Value.ListValue(java.util.List.of(io.cangrid.overlay.ad.Value.of("matlab")))),
                "other.Name != \"riffraff\" && DayTime() > '08:00'", 3600);
        JobLoad sent = new JobLoad(2, 30.5, true, 0, -1, machine);
        JobLoad received = (JobLoad) codec.decode(codec.encode(sent));
        assertThat(received.machine().ad().toString()).isEqualTo(machine.ad().toString());
        assertThat(received.machine().utcOffsetSeconds()).isEqualTo(3600);
        assertThat(received.machine().hasPolicy()).isTrue();
        assertThat(((JobLoad) codec.decode(codec.encode(new JobLoad(1, 2, true)))).machine()).isNull();
        // A member that writes the bytes itself: "Start = ((" becomes "Start = )(", which does not parse.
        byte[] bytes = codec.encode(sent);
        int at = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("Start = (");
        assertThat(at).isPositive();
        bytes[at + 8] = ')';
        assertThatThrownBy(() -> codec.decode(bytes)).isInstanceOf(WireFormatException.class);
    }

    @Test
    void nullFieldsAndEnumsSurvive() {
        JobResult sent = new JobResult(profile().id(), JobState.NO_MATCH, null);
        assertThat(codec.decode(codec.encode(sent))).isEqualTo(sent);
    }

    @Test
    void anUnknownTypeIdIsRefusedByNumber() {
        byte[] body = body(out -> out.writeVarInt(777, true));
        assertThatThrownBy(() -> codec.decode(body)).isInstanceOf(WireFormatException.class)
                .hasMessage("unknown message type id 777");
    }

    @Test
    void aValueTypeIsNotAMessage() {
        byte[] body = body(out -> out.writeVarInt(1, true));
        assertThatThrownBy(() -> codec.decode(body)).isInstanceOf(WireFormatException.class)
                .hasMessageContaining("is a value, not a message");
    }

    @Test
    void aTruncatedBodyIsRefused() {
        byte[] whole = codec.encode(new ResubmitJob(profile()));
        for (int cut = 1; cut < whole.length; cut++) {
            byte[] part = Arrays.copyOf(whole, cut);
            assertThatThrownBy(() -> codec.decode(part)).as("cut at %d", cut).isInstanceOf(WireFormatException.class);
        }
    }

    @Test
    void trailingBytesAreRefused() {
        byte[] whole = codec.encode(new ResubmitJob(profile()));
        byte[] longer = Arrays.copyOf(whole, whole.length + 3);
        assertThatThrownBy(() -> codec.decode(longer)).isInstanceOf(WireFormatException.class)
                .hasMessageContaining("3 byte(s) left over");
    }

    @Test
    void aForgedArrayLengthAllocatesNothing() {
        int jobResultId = codec.registry().idOf(JobResult.class);
        // A job id whose point claims two billion coordinates.
        byte[] body = body(out -> {
            out.writeVarInt(jobResultId, true);
            out.writeByte(1); // non-null JobId
            out.writeByte(1); // non-null Point, its first component by name
            out.writeVarInt(2_000_000_000, true);
        });
        assertThatThrownBy(() -> codec.decode(body)).isInstanceOf(WireFormatException.class)
                .hasMessageContaining("cannot fit");
    }

    @Test
    void valuesTheirTypesRefuseAreRefused() {
        int jobResultId = codec.registry().idOf(JobResult.class);
        byte[] body = body(out -> {
            out.writeVarInt(jobResultId, true);
            out.writeByte(1); // non-null JobId
            out.writeByte(1); // non-null Point
            out.writeVarInt(2, true);
            out.writeByte(0b11); // both coordinates written whole
            out.writeDouble(0.5);
            out.writeDouble(7.0); // outside [0,1]
        });
        assertThatThrownBy(() -> codec.decode(body)).isInstanceOf(WireFormatException.class)
                .hasMessageContaining("must lie in [0,1]");
    }

    @Test
    void randomBytesNeverEscapeAsAnythingButAWireFormatException() {
        long seed = 20261125L;
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 5_000; i++) {
            byte[] junk = new byte[1 + random.nextInt(64)];
            for (int j = 0; j < junk.length; j++) {
                junk[j] = (byte) random.nextInt(256);
            }
            try {
                codec.decode(junk);
            } catch (WireFormatException expected) {
                continue;
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + ", input " + i + " " + Arrays.toString(junk) + ": " + e, e);
            }
        }
    }

    @Test
    void aMessageWithoutAnIdIsRefusedAtTheSender() {
        record Unlisted() implements Message {
        }
        assertThatThrownBy(() -> codec.encode(new Unlisted())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no wire id");
    }

    @Test
    void oneCodecServesManyThreads() throws InterruptedException {
        ResubmitJob sent = new ResubmitJob(profile());
        Thread[] threads = new Thread[4];
        boolean[] ok = new boolean[threads.length];
        for (int t = 0; t < threads.length; t++) {
            int index = t;
            threads[t] = new Thread(() -> {
                boolean all = true;
                for (int i = 0; i < 2_000; i++) {
                    all &= codec.decode(codec.encode(sent)).equals(sent);
                }
                ok[index] = all;
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join(60_000);
        }
        assertThat(ok).containsOnly(true);
    }

    private static byte[] body(java.util.function.Consumer<Output> writer) {
        Output out = new Output(64, 1024);
        writer.accept(out);
        return out.toBytes();
    }
}
