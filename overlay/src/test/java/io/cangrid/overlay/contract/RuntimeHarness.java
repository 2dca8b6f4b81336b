package io.cangrid.overlay.contract;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * One runtime hosting nodes, as the suites written once for every runtime drive it: the
 * {@link NodeContextContract}, and the overlay behaviour suites. Each runtime implements it once: the
 * deterministic simulation ({@link SimRuntimeHarness}), the live runtime on 127.0.0.1 (the live module's
 * tests) and PeerSim (the PeerSim binding's tests).
 *
 * <p>Every call comes from the test's thread. A deterministic runtime runs only inside {@link #pass} and
 * {@link #await}, so between those calls the test may touch its nodes' programs and contexts; a live
 * runtime runs all the time, and the test reaches a node's program through {@link #call} or through its
 * context's {@code post}, which live runtimes accept from any thread. Times are milliseconds of the
 * runtime's clock: virtual in a deterministic runtime, real live.
 */
public interface RuntimeHarness extends AutoCloseable {

    /** The runtime and its seed, for failure messages: enough to repeat the run where runs repeat. */
    String describe();

    /**
     * Whether the same seed and the same calls give the same run, event for event (the simulation,
     * PeerSim). Such a runtime has one thread for all its nodes and runs only while the test lets time pass.
     */
    boolean deterministic();

    /** Adds a node running the program {@code factory} makes and returns once that program has started. */
    NodeId add(NodeProgramFactory factory);

    /** Silent failure, effective at once: nothing of the node runs again once it has returned. */
    void crash(NodeId node);

    /** Asks the node to leave gracefully: its program's {@code leave()}, run on its own thread. */
    void leave(NodeId node);

    /** Whether the node has started and has neither crashed nor stopped. */
    boolean isRunning(NodeId node);

    /**
     * Runs {@code action} with the node's program on the node's own thread (between events in a
     * deterministic runtime) and returns what it returns: how a test reads a node, or has it act.
     */
    <T> T call(NodeId node, Function<NodeProgram, T> action);

    /** Lets {@code millis} of the runtime's time pass. */
    void pass(long millis);

    /**
     * Lets time pass until {@code condition} holds, for {@code maxMillis} at most; returns whether it
     * holds. A deterministic runtime checks it between events, a live one every few milliseconds.
     */
    boolean await(BooleanSupplier condition, long maxMillis);

    /** Stops every node and the runtime itself; harmless when called twice. */
    @Override
    void close();
}
