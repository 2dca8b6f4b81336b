package io.cangrid.overlay;

/**
 * What a runtime hosts on each node: the node's protocols behind one entry point. A runtime creates the
 * program with the node's {@link NodeContext}, calls {@link #start()} once, then {@link #receive} for
 * every message that arrives, all on the node's own thread.
 */
public interface NodeProgram {

    void start();

    void receive(NodeId from, Message message);

    /**
     * Asks the node to leave gracefully: hand over what it holds, then call {@link NodeContext#exit()}.
     * A program with nothing to hand over may exit at once.
     */
    void leave();
}
