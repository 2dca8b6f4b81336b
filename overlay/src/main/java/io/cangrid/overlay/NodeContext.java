package io.cangrid.overlay;

import java.util.random.RandomGenerator;

/**
 * Everything protocol code may use from the outside world. Time, timers, randomness and sending come
 * only from here, which is what lets the same protocol run in the deterministic simulation, in PeerSim
 * and live, and what makes a simulation reproducible from its seed.
 *
 * <p>All calls are made on the node's own thread, and every callback (timer action, message delivery)
 * runs on that thread too, so protocol state needs no locks.
 */
public interface NodeContext {

    NodeId self();

    /** Current time in milliseconds: virtual in a simulation, wall-clock live. */
    long now();

    /** Runs {@code action} on this node's thread after {@code delayMillis} (0 = after the current event). */
    Timer schedule(long delayMillis, Runnable action);

    /** This node's random source, seeded per node in a simulation. */
    RandomGenerator random();

    /** Sends a message; delivery is not guaranteed (the peer may be dead, the network may drop it). */
    void send(NodeId to, Message message);

    /**
     * Runs {@code action} on this node's thread as soon as the current event is done: the one way for
     * work done elsewhere (a process that finished, a client connection that arrived, a decoded frame) to
     * reach protocol state. Live runtimes accept calls from any thread and keep their order; the
     * deterministic simulation has a single thread, so there it is the same as {@code schedule(0, action)}.
     * Actions posted to a node that has stopped are dropped.
     */
    void post(Runnable action);

    /** Called by a program that has finished leaving gracefully: the runtime stops the node after this event. */
    void exit();

    /**
     * The program presumes {@code peer} dead. A runtime with connections closes its own to that peer, so
     * that what is sent there once the peer is back (a partition healed) opens a fresh connection instead of
     * waiting behind one the cut left half open, whose unacknowledged data the kernel retransmits ever more
     * rarely. Simulated runtimes have no connections: by default nothing happens.
     */
    default void presumedDead(NodeId peer) {
    }

    /**
     * While the program handles a message from {@code from}: the user the credential of the connection it
     * came on names, as the runtime authenticated it (a job's {@code Owner}); null when that credential names
     * none (a shared grid secret, a token without a user), outside that call, and in simulations.
     */
    default String userOf(NodeId from) {
        return null;
    }
}
