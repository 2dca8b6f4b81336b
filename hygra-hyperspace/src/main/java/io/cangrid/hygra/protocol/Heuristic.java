package io.cangrid.hygra.protocol;

/** How a node picks among admissible linked nodes (Algorithm 3, step 5). */
public enum Heuristic {
    /** The node with the most free resources: farthest from the request point. The paper's better one. */
    MAX_FREE,
    /** The node that leaves least unused: nearest to the request point. */
    BEST_FIT;

    /** True when a node at {@code candidate} distance from the request beats one at {@code incumbent}. */
    boolean prefers(double candidate, double incumbent) {
        return this == MAX_FREE ? candidate > incumbent : candidate < incumbent;
    }
}
