package io.cangrid.simulator.scenario;

/** One class of identical machines in a clustered population, and the fraction of nodes it holds. */
public record NodeClass(double cpu, double memoryMib, double diskGib, double fraction) {

    public NodeClass {
        if (!(cpu > 0) || !(memoryMib > 0) || !(diskGib > 0)) {
            throw new IllegalArgumentException("a node class needs positive cpu, memory and disk");
        }
        if (!(fraction > 0) || fraction > 1) {
            throw new IllegalArgumentException("a node class's fraction must be in (0, 1], was " + fraction);
        }
    }
}
