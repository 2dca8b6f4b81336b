package io.cangrid.simulator.gangs;

import io.cangrid.gangs.GangSearch;

/** The searches a gangmatching scenario can compare, as its file names them. */
public enum GangSearchKind {
    /** Ports in declaration order, every ad a candidate: the oracle, quadratic without an index. */
    NAIVE,
    /** Ports in declaration order, candidates from the index. */
    FIXED,
    /** The port with the fewest candidates first, with partial evaluation and shunting. */
    DYNAMIC;

    public GangSearch search() {
        return switch (this) {
            case NAIVE -> GangSearch.naive();
            case FIXED -> GangSearch.leftToRight();
            case DYNAMIC -> GangSearch.dynamic();
        };
    }
}
