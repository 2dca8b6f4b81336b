/**
 * The node kernel: a node's identity, its environment ({@link io.cangrid.overlay.NodeContext}) and the
 * program a runtime hosts ({@link io.cangrid.overlay.NodeProgram}). Runtimes live in {@code sim}
 * (deterministic simulation) and {@code net} (live, Netty); protocols live in other modules and see
 * only this package.
 */
package io.cangrid.overlay;
