package io.cangrid.simulator.runtime;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.sim.Simulation;
import java.util.function.BooleanSupplier;

/** The deterministic simulation as an experiment's runtime. */
public final class SimulationRuntime implements SteppableRuntime {

    private final Simulation sim;

    public SimulationRuntime(Simulation sim) {
        this.sim = sim;
    }

    @Override
    public long now() {
        return sim.now();
    }

    @Override
    public NodeId addNode(NodeProgramFactory factory) {
        return sim.addNode(factory);
    }

    @Override
    public void crash(NodeId id) {
        sim.crash(id);
    }

    @Override
    public void requestLeave(NodeId id) {
        sim.requestLeave(id);
    }

    @Override
    public boolean isAlive(NodeId id) {
        return sim.isAlive(id);
    }

    @Override
    public <T extends NodeProgram> T program(NodeId id, Class<T> type) {
        return sim.program(id, type);
    }

    @Override
    public void at(long timeMillis, Runnable action) {
        sim.at(timeMillis, action);
    }

    @Override
    public void runUntil(long timeMillis) {
        sim.runUntil(timeMillis);
    }

    @Override
    public boolean runUntil(BooleanSupplier done, long deadlineMillis) {
        return sim.runUntil(done, deadlineMillis);
    }

    @Override
    public long messagesSent() {
        return sim.messagesSent();
    }

    @Override
    public long eventsProcessed() {
        return sim.eventsProcessed();
    }
}
