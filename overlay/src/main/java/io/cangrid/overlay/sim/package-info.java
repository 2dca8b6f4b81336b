/**
 * The deterministic simulation runtime: virtual time, one event queue, one seed for every random choice,
 * latency models, message loss, partitions, crashes and graceful leaves. Every module's tests, the
 * {@code simulate} command and the scale benchmarks run on it.
 */
package io.cangrid.overlay.sim;
