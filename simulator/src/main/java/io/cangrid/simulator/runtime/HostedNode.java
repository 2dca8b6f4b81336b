package io.cangrid.simulator.runtime;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.runtime.ActionTimer;

/**
 * One node's program as an engine with its own event loop hosts it (PeerSim): the life cycle the
 * deterministic simulation gives its nodes, kept apart from any engine so that every engine gives the
 * same one. A program hears nothing before its start and nothing after it stopped; one that asked to
 * exit stops once the event that asked is over; a program that throws is reported with the node, the
 * time and what it was handling.
 */
public final class HostedNode {

    /** Where a hosted node is in its life. */
    public enum State {
        STARTING, ALIVE, EXITING, DEAD
    }

    private final NodeId id;
    private NodeProgram program;
    private State state = State.STARTING;

    public HostedNode(NodeId id) {
        this.id = id;
    }

    public NodeId id() {
        return id;
    }

    /** Sets the program; called once, before the start event. */
    public void install(NodeProgram p) {
        if (program != null) {
            throw new IllegalStateException("node " + id + " already hosts a program");
        }
        program = p;
    }

    public NodeProgram program() {
        return program;
    }

    public State state() {
        return state;
    }

    /** Alive from its creation until it stopped: a starting node counts, as in the simulation. */
    public boolean isAlive() {
        return state != State.DEAD;
    }

    /** The start event: the program starts. */
    public void start(long now) {
        if (state != State.STARTING) {
            return;
        }
        state = State.ALIVE;
        run(now, "its start", program::start);
    }

    /** A message arrives; returns false when it is lost (the node has not started or has stopped). */
    public boolean deliver(NodeId from, Message message, long now) {
        if (state != State.ALIVE && state != State.EXITING) {
            return false;
        }
        run(now, message.getClass().getSimpleName() + " from " + from, () -> program.receive(from, message));
        return true;
    }

    /** A timer of this node comes due; cancelled timers and timers of a stopped node are skipped. */
    public void fire(ActionTimer timer, long now) {
        if (state == State.DEAD || timer.isCancelled()) {
            return;
        }
        run(now, "a timer", timer.action());
    }

    /** The program is asked to leave gracefully. */
    public void leave(long now) {
        if (state == State.ALIVE) {
            run(now, "a request to leave", program::leave);
        }
    }

    /** The program said it is done leaving; it stops when the current event is over. */
    public void exitRequested() {
        if (state != State.DEAD) {
            state = State.EXITING;
        }
    }

    /** Called after every event of this node: whether the node stopped with it (and must leave the network). */
    public boolean stopsAfterEvent() {
        if (state == State.EXITING) {
            state = State.DEAD;
            return true;
        }
        return false;
    }

    /** Silent failure: nothing of this node runs again. */
    public void kill() {
        state = State.DEAD;
    }

    private void run(long now, String what, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException | StackOverflowError e) {
            throw new IllegalStateException("node " + id + " failed at " + now + " ms handling " + what + ": " + e, e);
        }
    }
}
