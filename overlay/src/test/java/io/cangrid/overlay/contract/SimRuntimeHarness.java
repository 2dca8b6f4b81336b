package io.cangrid.overlay.contract;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/** The deterministic simulation as a {@link RuntimeHarness}: its clock moves only in {@link #pass} and {@link #await}. */
public final class SimRuntimeHarness implements RuntimeHarness {

    private final Simulation simulation;

    /** A simulation with the default network (exponential latency, 50 ms mean, no loss). */
    public SimRuntimeHarness(long seed) {
        this(new Simulation(SimulationConfig.defaults(seed)));
    }

    public SimRuntimeHarness(Simulation simulation) {
        this.simulation = simulation;
    }

    public Simulation simulation() {
        return simulation;
    }

    @Override
    public String describe() {
        var c = simulation.config();
        return "the deterministic simulation, seed " + c.seed() + " (latency " + c.latency() + ", loss "
                + c.dropProbability() + ", wire " + c.wire() + ")";
    }

    @Override
    public boolean deterministic() {
        return true;
    }

    @Override
    public NodeId add(NodeProgramFactory factory) {
        NodeId id = simulation.addNode(factory);
        // The start is an event of the current millisecond: run it, and nothing later.
        simulation.runUntil(simulation.now());
        return id;
    }

    @Override
    public void crash(NodeId node) {
        simulation.crash(node);
    }

    @Override
    public void leave(NodeId node) {
        simulation.requestLeave(node);
    }

    @Override
    public boolean isRunning(NodeId node) {
        return simulation.isAlive(node);
    }

    @Override
    public <T> T call(NodeId node, Function<NodeProgram, T> action) {
        return action.apply(simulation.program(node));
    }

    @Override
    public void pass(long millis) {
        simulation.runFor(millis);
    }

    @Override
    public boolean await(BooleanSupplier condition, long maxMillis) {
        return simulation.runUntil(condition, simulation.now() + maxMillis);
    }

    @Override
    public void close() {
        // Nothing runs between calls: dropping the simulation stops it.
    }
}
