package io.cangrid.peersim;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.contract.RuntimeHarness;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.simulator.runtime.NetworkModel;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import peersim.config.Configuration;
import peersim.core.CommonState;
import peersim.edsim.EDSimulator;

/**
 * PeerSim 1.0.5 as a {@link RuntimeHarness}, in this JVM: each harness is one PeerSim experiment, run by
 * PeerSim's own event loop ({@link EDSimulator#nextExperiment()}) on a thread of its own, hosting nodes
 * through the binding ({@link PeerSimRuntime}, {@link GridProtocol}, {@link ScenarioTransport}; exponential
 * latency, 50 ms mean, no loss). PeerSim's thread and the test's take turns: the test acts while PeerSim waits
 * in a driver action, and lets time pass by queueing the next such action and waiting for PeerSim to reach
 * it. So PeerSim's static state is only ever touched by one thread at a time, and every node's callbacks
 * run on PeerSim's thread.
 *
 * <p>PeerSim takes one configuration per JVM, and its engine is static: the configuration is set once, the
 * same for every run, and one harness runs at a time. A run's seed seeds PeerSim's own random source (which
 * breaks ties between events of one time) and the binding's (nodes' streams, the network).
 */
final class PeerSimHarness implements RuntimeHarness {

    /** The longest PeerSim may take to reach the test's next turn, in real seconds. */
    private static final long TURN_SECONDS = 60;
    /** How far {@link #await} lets virtual time run between two checks. */
    private static final long STEP_MILLIS = 10;
    private static final LatencyModel LATENCY = LatencyModel.exponential(50);

    private static boolean configured;
    private static PeerSimHarness current;

    /** Thrown on PeerSim's thread, at the test's turn, to end the experiment when the harness closes. */
    private static final class Closing extends RuntimeException {
        Closing() {
            super("the harness closed", null, false, false);
        }
    }

    private final long seed;
    private final Semaphore engineTurn = new Semaphore(0);
    private final Semaphore testTurn = new Semaphore(0);
    private final Thread engine;
    private volatile Throwable failure;
    private volatile boolean ended;
    private volatile boolean closing;
    private PeerSimRuntime runtime;

    PeerSimHarness(long seed) {
        synchronized (PeerSimHarness.class) {
            if (current != null) {
                throw new IllegalStateException("PeerSim runs one experiment at a time in a JVM; close the last harness");
            }
            current = this;
            configureOnce();
        }
        this.seed = seed;
        CommonState.initializeRandom(seed);
        engine = new Thread(this::runExperiment, "peersim-contract");
        engine.setDaemon(true);
        engine.start();
        awaitTurn("its first turn");
    }

    private static void configureOnce() {
        if (configured) {
            return;
        }
        Properties p = new Properties();
        p.setProperty("simulation.endtime", "1000000000000");
        p.setProperty("network.size", "0");
        p.setProperty("protocol.transport", ScenarioTransport.class.getName());
        p.setProperty("protocol.grid", GridProtocol.class.getName());
        p.setProperty("protocol.grid.transport", "transport");
        p.setProperty("init.contract", ContractInitializer.class.getName());
        p.setProperty("init.contract.protocol", "grid");
        Configuration.setConfig(p);
        configured = true;
    }

    /** Called by {@link ContractInitializer} on PeerSim's thread, once the experiment has begun. */
    static void initialise(int pid) {
        PeerSimHarness h = current;
        h.runtime = new PeerSimRuntime(pid, h.seed);
        PeerSimSession.startRun(h.runtime, new NetworkModel(LATENCY, 0, h.seed));
        h.yieldToTest();
    }

    private void runExperiment() {
        try {
            EDSimulator.nextExperiment();
        } catch (Closing e) {
            // The test is done with this run.
        } catch (Throwable t) {
            failure = t;
        } finally {
            ended = true;
            testTurn.release();
        }
    }

    /** On PeerSim's thread: the test's turn, until it lets time pass again (or closes). */
    private void yieldToTest() {
        testTurn.release();
        engineTurn.acquireUninterruptibly();
        if (closing) {
            throw new Closing();
        }
    }

    private void awaitTurn(String what) {
        try {
            if (!testTurn.tryAcquire(TURN_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("PeerSim did not reach " + what + " within " + TURN_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while PeerSim ran", e);
        }
        if (failure != null) {
            throw new AssertionError(describe() + " failed: " + failure, failure);
        }
        if (ended) {
            throw new AssertionError(describe() + ": the experiment ended before " + what);
        }
    }

    /** Lets PeerSim run to {@code time} (virtual), where it hands the thread back. */
    private void runTo(long time) {
        runtime.at(time, this::yieldToTest);
        engineTurn.release();
        awaitTurn(time + " ms");
    }

    PeerSimRuntime runtime() {
        return runtime;
    }

    @Override
    public String describe() {
        return "PeerSim 1.0.5, seed " + seed + " (latency " + LATENCY + ")";
    }

    @Override
    public boolean deterministic() {
        return true;
    }

    @Override
    public NodeId add(NodeProgramFactory factory) {
        NodeId id = runtime.addNode(factory);
        // The start is an event of the current time, which PeerSim orders at random among that time's
        // events: one millisecond later it has run.
        runTo(runtime.now() + 1);
        return id;
    }

    @Override
    public void crash(NodeId node) {
        runtime.crash(node);
    }

    @Override
    public void leave(NodeId node) {
        runtime.requestLeave(node);
    }

    @Override
    public boolean isRunning(NodeId node) {
        return runtime.isAlive(node);
    }

    @Override
    public <T> T call(NodeId node, Function<NodeProgram, T> action) {
        return action.apply(runtime.program(node, NodeProgram.class));
    }

    @Override
    public void pass(long millis) {
        runTo(runtime.now() + millis);
    }

    @Override
    public boolean await(BooleanSupplier condition, long maxMillis) {
        long deadline = runtime.now() + maxMillis;
        while (!condition.getAsBoolean()) {
            if (runtime.now() >= deadline) {
                return false;
            }
            runTo(Math.min(runtime.now() + STEP_MILLIS, deadline));
        }
        return true;
    }

    @Override
    public void close() {
        synchronized (PeerSimHarness.class) {
            if (current != this) {
                return;
            }
            try {
                if (!ended) {
                    closing = true;
                    engineTurn.release();
                    engine.join(TimeUnit.SECONDS.toMillis(TURN_SECONDS));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                current = null;
            }
        }
    }
}
