package io.cangrid.overlay;

/** Builds a node's program from its environment; runtimes call it once per node. */
@FunctionalInterface
public interface NodeProgramFactory {
    NodeProgram create(NodeContext context);
}
