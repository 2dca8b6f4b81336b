package io.cangrid.overlay.resource;

/** How a dimension's raw values map onto {@code [0,1]}; both are monotone, so {@code a >= b} survives. */
public enum Scale {
    LINEAR,
    /** For quantities spanning orders of magnitude (memory, disk): equal ratios get equal distances. */
    LOG
}
