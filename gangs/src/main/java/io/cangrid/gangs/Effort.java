package io.cangrid.gangs;

/**
 * What a search spent: index probes (each look-up of a candidate set, the paper's measure, and in a grid a
 * message), and evaluations (each candidate docked at a port and its constraints and the port's evaluated).
 */
public final class Effort {

    private long probes;
    private long evaluations;

    void probe() {
        probes++;
    }

    void evaluation() {
        evaluations++;
    }

    public long probes() {
        return probes;
    }

    public long evaluations() {
        return evaluations;
    }

    @Override
    public String toString() {
        return probes + " probe(s), " + evaluations + " evaluation(s)";
    }
}
