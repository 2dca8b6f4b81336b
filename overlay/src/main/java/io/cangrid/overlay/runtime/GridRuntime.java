package io.cangrid.overlay.runtime;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.sim.Simulation;

/**
 * What an experiment's driver needs from the runtime that hosts its nodes: add a node, crash it, ask it
 * to leave, run an action at a time and read a node's program. The deterministic {@link Simulation} is
 * one implementation; the PeerSim binding is another. Driver code (the grid experiment, the oracles'
 * global view, churn and workload injection, the CAN scale run) is written against this interface alone,
 * so it runs unchanged on either. Protocol code never sees it: it has its node's context.
 *
 * <p>Jobs are injected through a node: the experiment adds a client program and calls it from an action
 * run at the job's arrival time. Every call is made from the runtime's own thread: from actions, or
 * between runs.
 *
 * <p>Time passes by the runtime's own engine. A runtime whose clock the driver may advance itself is a
 * {@link SteppableRuntime}; an engine with its own event loop (PeerSim) calls the driver from it instead.
 */
public interface GridRuntime {

    /** The current time in milliseconds. */
    long now();

    /** Adds a node whose program {@code factory} creates; it starts at the current time. */
    NodeId addNode(NodeProgramFactory factory);

    /** Silent failure, effective at once: no message or timer of the node runs again. */
    void crash(NodeId id);

    /** Asks the node to leave gracefully; it stops once its program says it is done. */
    void requestLeave(NodeId id);

    boolean isAlive(NodeId id);

    /** The program of a node added here. */
    <T extends NodeProgram> T program(NodeId id, Class<T> type);

    /** Runs {@code action} at {@code timeMillis} (not before now). */
    void at(long timeMillis, Runnable action);

    /** Messages sent so far, for run statistics. */
    long messagesSent();

    /** Events processed so far, for run statistics. */
    long eventsProcessed();
}
