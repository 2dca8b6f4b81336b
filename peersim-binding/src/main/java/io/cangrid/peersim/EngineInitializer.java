package io.cangrid.peersim;

import io.cangrid.bench.engine.EngineBenchmark;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.simulator.runtime.NetworkModel;
import peersim.config.Configuration;
import peersim.core.Control;

/**
 * The engine alone, as {@code cangrid bench engine} measures the deterministic simulation's: {@code nodes}
 * nodes (default 100 000) each wake once a virtual second to send one small message to a random node,
 * with the benchmark's latency (exponential, 50 ms mean). The protocol does nothing, so the time is the
 * runtime's own: PeerSim's event queue and this binding. {@code simulation.endtime} sets how long it runs;
 * {@link EngineObserver} prints the figures.
 */
public final class EngineInitializer implements Control {

    private final int pid;
    private final int nodes;
    private final long seed;

    public EngineInitializer(String prefix) {
        this.pid = Configuration.getPid(prefix + ".protocol");
        this.nodes = Configuration.getInt(prefix + ".nodes", 100_000);
        this.seed = Configuration.getLong(prefix + ".seed", 1);
    }

    @Override
    public boolean execute() {
        PeerSimRuntime runtime = new PeerSimRuntime(pid, seed);
        LatencyModel latency = LatencyModel.exponential(SimulationConfig.DEFAULT_MEAN_LATENCY_MILLIS);
        PeerSimSession.startRun(runtime, new NetworkModel(latency, 0, seed));
        EngineBenchmark.populate(runtime, nodes);
        EngineObserver.started(nodes);
        return false;
    }
}
