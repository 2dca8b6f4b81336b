/**
 * The node kernel: a node's identity, its environment ({@link io.cangrid.overlay.NodeContext}) and the
 * program a runtime hosts ({@link io.cangrid.overlay.NodeProgram}), with the messages, points and value
 * codecs every module shares. The kernel uses no other cangrid package.
 *
 * <p>Runtimes host programs through these types: the deterministic simulation in {@code sim}, the live
 * runtime over Netty in the module {@code live} ({@code io.cangrid.live}), and the PeerSim binding
 * ({@code io.cangrid.peersim}). What all of them must honour alike is checked by the {@code NodeContext}
 * contract suite in this module's tests, which each runtime's tests run.
 *
 * <p>Protocols (the CAN, HYGRA, load aggregation) live in other modules and may use only the kernel (this
 * package and those below it) and the job seams, {@code io.cangrid.jobs} and {@code io.cangrid.jobs.message}
 * (load aggregation also the CAN); the CLI's layering test enforces it. A node's protocol code reaches time,
 * timers, randomness and the network only through its {@code NodeContext}.
 */
package io.cangrid.overlay;
