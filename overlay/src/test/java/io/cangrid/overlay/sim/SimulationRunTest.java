package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Driving a simulation: driver actions, bounded runs, run-until-condition, and how failures surface. */
public class SimulationRunTest {

    public record Ping() implements Message {
    }

    /** A node whose start and receive run whatever the test hands it. */
    static final class Hooks implements NodeProgram {
        final NodeContext ctx;
        Runnable onStart = () -> { };
        Runnable onReceive = () -> { };

        Hooks(NodeContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void start() {
            onStart.run();
        }

        @Override
        public void receive(NodeId from, Message message) {
            onReceive.run();
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    static Simulation sim() {
        return new Simulation(SimulationConfig.defaults(1).withLatency(LatencyModel.constant(10)));
    }

    @Test
    void atAndAfterRunAtTheirVirtualTime() {
        Simulation sim = sim();
        List<String> log = new ArrayList<>();
        sim.at(250, () -> {
            log.add("at@" + sim.now());
            sim.after(100, () -> log.add("after@" + sim.now()));
        });
        sim.after(40, () -> log.add("after@" + sim.now()));
        sim.runUntil(1_000);
        assertThat(log).containsExactly("after@40", "at@250", "after@350");
        assertThat(sim.now()).isEqualTo(1_000);
        assertThat(sim.isIdle()).isTrue();
    }

    @Test
    void runUntilTimeIncludesEventsAtTheLimitAndLeavesLaterOnes() {
        Simulation sim = sim();
        List<Long> ran = new ArrayList<>();
        for (long t : new long[] {100, 200, 201}) {
            sim.at(t, () -> ran.add(sim.now()));
        }
        sim.runUntil(200);
        assertThat(ran).containsExactly(100L, 200L);
        assertThat(sim.now()).isEqualTo(200);
        assertThat(sim.isIdle()).isFalse();

        sim.runFor(1);
        assertThat(ran).containsExactly(100L, 200L, 201L);
        assertThat(sim.now()).isEqualTo(201);
    }

    @Test
    void schedulingADriverActionInThePastIsRejected() {
        Simulation sim = sim();
        sim.runUntil(500);
        assertThatThrownBy(() -> sim.at(499, () -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("499");
    }

    @Test
    void runUntilConditionAlreadyTrueReturnsAtOnce() {
        Simulation sim = sim();
        AtomicBoolean ran = new AtomicBoolean();
        sim.at(0, () -> ran.set(true));
        assertThat(sim.runUntil(() -> true, 1_000)).isTrue();
        // Nothing ran and the clock did not move: the condition held before the first event.
        assertThat(ran).isFalse();
        assertThat(sim.now()).isZero();
    }

    @Test
    void runUntilConditionStopsAtTheMillisecondItBecomesTrue() {
        Simulation sim = sim();
        AtomicBoolean flag = new AtomicBoolean();
        AtomicBoolean later = new AtomicBoolean();
        sim.at(300, () -> flag.set(true));
        sim.at(301, () -> later.set(true));
        assertThat(sim.runUntil(flag::get, 10_000)).isTrue();
        assertThat(sim.now()).isEqualTo(300);
        assertThat(later).as("events after the condition held have not run").isFalse();

        sim.runFor(1);
        assertThat(later).isTrue();
    }

    @Test
    void runUntilConditionReportsFalseAtTheDeadline() {
        Simulation sim = sim();
        AtomicBoolean flag = new AtomicBoolean();
        sim.at(5_001, () -> flag.set(true));
        assertThat(sim.runUntil(flag::get, 5_000)).isFalse();
        assertThat(sim.now()).isEqualTo(5_000);
        assertThat(flag).isFalse();
        // The run can go on from the deadline.
        assertThat(sim.runUntil(flag::get, 6_000)).isTrue();
        assertThat(sim.now()).isEqualTo(5_001);
    }

    @Test
    void runUntilConditionHoldingExactlyAtTheDeadlineCounts() {
        Simulation sim = sim();
        AtomicBoolean flag = new AtomicBoolean();
        sim.at(5_000, () -> flag.set(true));
        assertThat(sim.runUntil(flag::get, 5_000)).isTrue();
    }

    @Test
    void runUntilConditionIsCheckedOnceMoreAfterTheClockReachesTheDeadline() {
        Simulation sim = sim();
        // No event changes anything: only the final clock move to the deadline makes it true.
        assertThat(sim.runUntil(() -> sim.now() >= 8_000, 8_000)).isTrue();
        assertThat(sim.now()).isEqualTo(8_000);
    }

    @Test
    void runUntilConditionOnAnIdleSimulationMovesTheClockToTheDeadline() {
        Simulation sim = sim();
        assertThat(sim.runUntil(() -> false, 70_000)).isFalse();
        assertThat(sim.now()).isEqualTo(70_000);
    }

    @Test
    void runUntilConditionSeesStateChangedByNodes() {
        Simulation sim = sim();
        NodeId a = sim.addNode(Hooks::new);
        NodeId b = sim.addNode(Hooks::new);
        AtomicBoolean got = new AtomicBoolean();
        sim.program(a, Hooks.class).onStart = () -> sim.program(a, Hooks.class).ctx.send(b, new Ping());
        sim.program(b, Hooks.class).onReceive = () -> got.set(true);
        assertThat(sim.runUntil(got::get, 1_000)).isTrue();
        // Constant latency of 10 ms: the condition holds exactly when the ping lands.
        assertThat(sim.now()).isEqualTo(10);
    }

    @Test
    void countersCountEveryEvent() {
        Simulation sim = sim();
        NodeId a = sim.addNode(Hooks::new);
        NodeId b = sim.addNode(Hooks::new);
        sim.program(a, Hooks.class).onStart = () -> sim.program(a, Hooks.class).ctx.send(b, new Ping());
        sim.at(50, () -> { });
        sim.runFor(100);
        // Two starts, one delivery, one driver action.
        assertThat(sim.eventsProcessed()).isEqualTo(4);
        assertThat(sim.messagesSent()).isEqualTo(1);
        assertThat(sim.messagesDelivered()).isEqualTo(1);
        assertThat(sim.messagesDropped()).isZero();
    }

    @Test
    void aThrowingReceiveStopsTheRunNamingNodeTimeAndMessage() {
        Simulation sim = sim();
        NodeId a = sim.addNode(Hooks::new);
        NodeId b = sim.addNode(Hooks::new);
        sim.program(a, Hooks.class).onStart = () -> sim.program(a, Hooks.class).ctx.send(b, new Ping());
        IllegalStateException bug = new IllegalStateException("boom");
        sim.program(b, Hooks.class).onReceive = () -> {
            throw bug;
        };
        assertThatThrownBy(() -> sim.runFor(100))
                .isInstanceOf(SimulationException.class)
                .hasMessageContaining("node " + b)
                .hasMessageContaining("at 10 ms")
                .hasMessageContaining("Ping from " + a)
                .hasCause(bug);
    }

    @Test
    void aThrowingTimerStopsTheRunNamingTheTimer() {
        Simulation sim = sim();
        NodeId a = sim.addNode(Hooks::new);
        Hooks h = sim.program(a, Hooks.class);
        h.onStart = () -> h.ctx.schedule(7, () -> {
            throw new ArithmeticException("bad");
        });
        assertThatThrownBy(() -> sim.runFor(100))
                .isInstanceOf(SimulationException.class)
                .hasMessageContaining("node " + a)
                .hasMessageContaining("at 7 ms")
                .hasMessageContaining("a timer")
                .hasCauseInstanceOf(ArithmeticException.class);
    }

    @Test
    void unboundedRecursionIsReportedAsASimulationFailure() {
        Simulation sim = sim();
        NodeId a = sim.addNode(Hooks::new);
        sim.program(a, Hooks.class).onStart = SimulationRunTest::recurse;
        assertThatThrownBy(() -> sim.runFor(1))
                .isInstanceOf(SimulationException.class)
                .hasCauseInstanceOf(StackOverflowError.class);
    }

    private static void recurse() {
        recurse();
    }
}
