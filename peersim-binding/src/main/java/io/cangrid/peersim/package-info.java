/**
 * cangrid's protocols inside PeerSim 1.0.5's event-driven engine, built under the Maven profile
 * {@code peersim}. Every class here is a thin adapter: {@link io.cangrid.peersim.GridProtocol}
 * hosts one node program per PeerSim node, {@link io.cangrid.peersim.ScenarioTransport} carries
 * messages with the scenario's latency and loss, the initialisers and controls call the runtime-neutral
 * experiment driver ({@link io.cangrid.simulator.run.GridExperiment}, {@link
 * io.cangrid.simulator.experiment.RunSequence}) and the CAN scale run ({@link
 * io.cangrid.bench.can.CanScaleRun}), which the default build tests on the deterministic simulation.
 *
 * <p>PeerSim keeps one configuration per JVM and its engine is static, so the state of the experiment in
 * progress is too ({@link io.cangrid.peersim.PeerSimSession}).
 */
package io.cangrid.peersim;
