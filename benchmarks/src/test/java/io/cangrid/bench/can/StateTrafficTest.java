package io.cangrid.bench.can;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.cangrid.can.CanConfig;
import io.cangrid.can.geometry.SplitRule;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.wire.MessageCodec;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The neighbour state figures of {@code bench can}: what is counted, against what, and the sampled size. */
class StateTrafficTest {

    private static final NodeId A = NodeId.of(1);
    private static final NodeId B = NodeId.of(2);

    /** A state whose list version tells the fake sizer below how large to pretend it is. */
    private static NeighbourState state(long listVersion) {
        Zone whole = Zone.wholeSpace(2);
        return new NeighbourState(new NodeZones(A, 1, new Zone[] {whole}), Point.of(0.5, 0.5), new Capabilities(),
                new NodeZones[0], 0, null, null, listVersion, null);
    }

    @Test
    void messagesAreCountedAgainstLiveNodesIntegratedOverPeriods() {
        AtomicInteger live = new AtomicInteger(10);
        StateTraffic traffic = new StateTraffic(live::get, m -> 100, 100, 0);
        for (int i = 0; i < 20; i++) {
            traffic.onSend(A, B, state(1), 50);
        }
        // Ten more nodes from 100 ms: the second period counts twenty node-periods.
        live.set(20);
        for (int i = 0; i < 40; i++) {
            traffic.onSend(A, B, state(1), 100 + i);
        }
        traffic.onSend(A, B, new JoinRequest(B, Point.of(0.5, 0.5), 1), 150);

        StateTraffic.Figures f = traffic.figures(200);

        assertThat(f.messages()).as("the join request is no state message").isEqualTo(60);
        // 10 nodes x 100 ms + 20 nodes x 100 ms = 30 node-periods of 100 ms for 60 messages.
        assertThat(f.perNodePerPeriod()).isCloseTo(2.0, offset(1e-12));
        assertThat(f.meanBytes()).isEqualTo(100.0);
    }

    @Test
    void theSampledMeanWeighsEachSampleByTheMessagesItStandsFor() {
        AtomicInteger encoded = new AtomicInteger();
        StateTraffic traffic = new StateTraffic(() -> 1, m -> {
            encoded.incrementAndGet();
            return ((NeighbourState) m).listVersion() < StateTraffic.SAMPLE_ALL ? 10 : 100;
        }, 1000, 0);
        int strides = 100;
        int total = StateTraffic.SAMPLE_ALL + strides * StateTraffic.STRIDE;
        for (int k = 0; k < total; k++) {
            traffic.onSend(A, B, state(k), k);
        }

        StateTraffic.Figures f = traffic.figures(total);

        assertThat(encoded).hasValue(StateTraffic.SAMPLE_ALL + strides);
        double exact = (StateTraffic.SAMPLE_ALL * 10.0 + strides * StateTraffic.STRIDE * 100.0) / total;
        assertThat(f.meanBytes()).isCloseTo(exact, offset(1e-9));
    }

    @Test
    void nothingToMeasureGivesNull() {
        StateTraffic idle = new StateTraffic(() -> 5, m -> 1, 1000, 0);
        assertThat(idle.figures(0).perNodePerPeriod()).as("no time passed").isNull();
        assertThat(idle.figures(1000).perNodePerPeriod()).isEqualTo(0.0);
        assertThat(idle.figures(1000).meanBytes()).isNull();
    }

    @Test
    void benchCanReportsTheFiguresOfARealRun() {
        CanBenchmark.Result r = CanBenchmark.run(new CanBenchmark.Options(300, 2, 7, 0, CanBenchmark.Points.UNIFORM,
                200, 1_000, 30, SplitRule.Policy.BALANCED), line -> { });
        // Each active node tells each of its (in two dimensions about four to six) neighbours once a period,
        // and again on every change of zones while nodes join.
        assertThat(r.stateMessagesPerNodePerPeriod()).isBetween(3.0, 40.0);
        int emptyState = MessageCodec.discover(1 << 20).encode(state(0)).length;
        assertThat(r.meanStateMessageBytes()).as("states list neighbour claims").isGreaterThan(emptyState);
        assertThat(r.failureDetectionPeriods()).as("no crash, nothing to detect").isNull();
    }

    @Test
    void benchCanTimesHowLongCrashedNodesNeighboursTakeToNoticeThem() {
        CanBenchmark.Result r = CanBenchmark.run(new CanBenchmark.Options(4000, 4, 1, 0.3, CanBenchmark.Points.UNIFORM,
                200, 1_000, 60, SplitRule.Policy.BALANCED), line -> { });
        CanBenchmark.FailureDetectionPeriods f = r.failureDetectionPeriods();
        assertThat(f).isNotNull();
        assertThat(f.crashes()).as("half of the 1200 departures crash").isEqualTo(600);
        assertThat(f.unnoticed()).isZero();
        // A neighbour presumes another dead after more than dead-after periods of silence, checked once a
        // period: at most a period and the messages' delay later. Other nodes' lists, which name the crashed
        // node until they notice it too, must not bring it back meanwhile.
        int deadAfter = CanConfig.DEFAULT_DEAD_AFTER_PERIODS;
        assertThat(f.mean()).isBetween(1.0, f.max());
        assertThat(f.max()).isLessThanOrEqualTo(deadAfter + 1.2);
    }
}
