/**
 * The seam between experiment drivers and the runtimes that host simulated nodes: the deterministic
 * simulation, which the driver can run to a time, and engines with their own event loop (PeerSim), which
 * call the driver from their controls.
 */
package io.cangrid.overlay.runtime;
