/**
 * {@code cangrid peersim}: installs PeerSim 1.0.5 from its release into the local Maven repository, and runs
 * PeerSim configurations of cangrid's scenarios with the binding the Maven profile {@code peersim} builds.
 */
package io.cangrid.cli.peersim;
