package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Node timers: exact virtual firing times, cancellation, FIFO among equal times, and far-future timers. */
class TimerTest {

    /** A node that runs a test-supplied script at start; timers log "label@time". */
    static final class Scripted implements NodeProgram {
        final NodeContext ctx;
        final List<String> log;
        final Consumer<Scripted> script;

        Scripted(NodeContext ctx, List<String> log, Consumer<Scripted> script) {
            this.ctx = ctx;
            this.log = log;
            this.script = script;
        }

        Timer at(long delay, String label) {
            return ctx.schedule(delay, () -> log.add(label + "@" + ctx.now()));
        }

        @Override
        public void start() {
            script.accept(this);
        }

        @Override
        public void receive(NodeId from, Message message) {
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    private final List<String> log = new ArrayList<>();
    private final Simulation sim = new Simulation(SimulationConfig.defaults(3));

    private NodeId node(long startDelay, Consumer<Scripted> script) {
        return sim.addNode(ctx -> new Scripted(ctx, log, script), startDelay);
    }

    @Test
    void timersFireExactlyTheirDelayAfterBeingScheduled() {
        node(100, s -> {
            s.at(250, "c");
            s.at(0, "a");
            s.at(1, "b");
        });
        sim.runFor(10_000);
        // The node starts at 100 ms, so every delay counts from there.
        assertThat(log).containsExactly("a@100", "b@101", "c@350");
    }

    @Test
    void aZeroDelayTimerRunsAfterTheCurrentEventNotInsideIt() {
        node(0, s -> {
            s.at(0, "timer");
            s.log.add("rest-of-start@" + s.ctx.now());
        });
        sim.runFor(0);
        assertThat(log).containsExactly("rest-of-start@0", "timer@0");
    }

    @Test
    void aNegativeDelayIsRejected() {
        node(0, s -> s.ctx.schedule(-1, () -> { }));
        // The program's mistake surfaces as a simulation failure caused by the rejected call.
        assertThatThrownBy(() -> sim.runFor(0))
                .isInstanceOf(SimulationException.class)
                .cause().isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 0").hasMessageContaining("-1");
    }

    @Test
    void aCancelledTimerDoesNotFire() {
        node(0, s -> {
            Timer t = s.at(50, "cancelled");
            s.at(80, "kept");
            t.cancel();
            assertThat(t.isCancelled()).isTrue();
        });
        sim.runFor(1_000);
        assertThat(log).containsExactly("kept@80");
    }

    @Test
    void cancellingFromAnEarlierTimerOfTheSameMillisecondWorks() {
        node(0, s -> {
            Timer[] victim = new Timer[1];
            s.ctx.schedule(10, () -> victim[0].cancel());
            victim[0] = s.at(10, "victim");
            s.at(10, "bystander");
        });
        sim.runFor(1_000);
        assertThat(log).containsExactly("bystander@10");
    }

    @Test
    void cancellingAfterFiringIsHarmless() {
        Timer[] t = new Timer[1];
        node(0, s -> t[0] = s.at(5, "once"));
        sim.runFor(10);
        t[0].cancel();
        sim.runFor(10);
        assertThat(log).containsExactly("once@5");
        assertThat(t[0].isCancelled()).isTrue();
    }

    @Test
    void timersDueAtTheSameTimeFireInSchedulingOrder() {
        node(0, s -> IntStream.range(0, 1_000).forEach(i -> s.at(500, "t" + i)));
        sim.runFor(1_000);
        assertThat(log).containsExactlyElementsOf(IntStream.range(0, 1_000).mapToObj(i -> "t" + i + "@500").toList());
    }

    @Test
    void timersScheduledAtDifferentMomentsForTheSameTimeKeepSchedulingOrder() {
        // Three nodes each schedule for 500 ms, at 0, 200 and 400 ms.
        node(0, s -> s.at(500, "first"));
        node(200, s -> s.at(300, "second"));
        node(400, s -> s.at(100, "third"));
        sim.runFor(1_000);
        assertThat(log).containsExactly("first@500", "second@500", "third@500");
    }

    @Test
    void timersBeyondTheWheelHorizonFireAtTheirTimeInOrder() {
        long h = EventQueue.HORIZON;
        long[] delays = {3 * h + 7, h, 1_000_000, h - 1, h + 1, 2 * h, 1, 10 * h};
        node(0, s -> {
            for (long d : delays) {
                s.at(d, "d" + d);
            }
        });
        sim.runFor(1_000_000);
        assertThat(log).containsExactly(
                "d1@1", "d" + (h - 1) + "@" + (h - 1), "d" + h + "@" + h, "d" + (h + 1) + "@" + (h + 1),
                "d" + 2 * h + "@" + 2 * h, "d" + (3 * h + 7) + "@" + (3 * h + 7),
                "d" + 10 * h + "@" + 10 * h, "d1000000@1000000");
    }

    @Test
    void farTimersKeepFifoOrderWithTimersScheduledLaterForTheSameTime() {
        long due = 200_000;
        // Five timers go to the overflow queue at 0 ms; the later ones are near enough to enter the
        // wheel directly. All are due at the same millisecond and must fire in scheduling order.
        node(0, s -> IntStream.range(0, 5).forEach(i -> s.at(due, "early" + i)));
        node(150_000, s -> s.at(due - 150_000, "late0"));
        node(199_999, s -> s.at(1, "late1"));
        sim.runFor(due + 1);
        assertThat(log).containsExactly("early0@200000", "early1@200000", "early2@200000", "early3@200000",
                "early4@200000", "late0@200000", "late1@200000");
    }

    @Test
    void aTimerCanBeCancelledWhileItWaitsInTheOverflowQueue() {
        node(0, s -> {
            Timer far = s.at(500_000, "far");
            s.ctx.schedule(400_000, far::cancel);
            s.at(500_001, "after");
        });
        sim.runFor(600_000);
        assertThat(log).containsExactly("after@500001");
    }

    @Test
    void periodicTimersDriftNeitherEarlyNorLate() {
        List<Long> ticks = new ArrayList<>();
        node(0, s -> new Runnable() {
            @Override
            public void run() {
                ticks.add(s.ctx.now());
                s.ctx.schedule(30_000, this);
            }
        }.run());
        sim.runFor(300_000);
        assertThat(ticks).containsExactlyElementsOf(IntStream.rangeClosed(0, 10).mapToObj(i -> i * 30_000L).toList());
    }

    @Test
    void runUntilJustBeforeAFarTimerLeavesItPending() {
        node(0, s -> s.at(100_000, "far"));
        sim.runUntil(99_999);
        assertThat(log).isEmpty();
        assertThat(sim.isIdle()).isFalse();
        sim.runUntil(100_000);
        assertThat(log).containsExactly("far@100000");
    }
}
