package io.cangrid.peersim;

import io.cangrid.bench.can.CanScaleRun;
import io.cangrid.simulator.experiment.RunSequence;
import io.cangrid.simulator.run.GridExperiment;
import io.cangrid.simulator.runtime.NetworkModel;

/**
 * What the initialiser, the controls, the protocol and the transport of one PeerSim JVM share: the
 * scenario's runs, the runtime of the run in progress and its network. PeerSim's engine and configuration
 * are static, one per JVM, so this is too; PeerSim runs each of the scenario's runs as one of its
 * experiments, one after another, on this one thread.
 */
final class PeerSimSession {

    private static RunSequence sequence;
    private static PeerSimRuntime runtime;
    private static NetworkModel network;
    private static CanScaleRun canRun;

    private PeerSimSession() {
    }

    static RunSequence sequence() {
        return sequence;
    }

    static void useSequence(RunSequence s) {
        sequence = s;
    }

    static void startRun(PeerSimRuntime r, NetworkModel n) {
        runtime = r;
        network = n;
    }

    static PeerSimRuntime runtime() {
        if (runtime == null) {
            throw new IllegalStateException("no cangrid run is in progress: the configuration needs an initialiser "
                    + "(init.grid GridInitializer or init.can CanScaleInitializer) before any event");
        }
        return runtime;
    }

    static NetworkModel network() {
        if (network == null) {
            throw new IllegalStateException("no cangrid run is in progress: nothing to carry messages for");
        }
        return network;
    }

    static void useCanRun(CanScaleRun run) {
        canRun = run;
    }

    /** The CAN scale run in progress. */
    static CanScaleRun canRun() {
        if (canRun == null) {
            throw new IllegalStateException("no CAN scale run is in progress: the configuration needs "
                    + "init.can CanScaleInitializer");
        }
        return canRun;
    }

    /** The experiment driver of the run in progress. */
    static GridExperiment experiment() {
        if (sequence == null || sequence.experiment() == null) {
            throw new IllegalStateException("no cangrid experiment is in progress: the configuration needs "
                    + "init.grid GridInitializer");
        }
        return sequence.experiment();
    }
}
