/**
 * HYGRA's tick experiment as a scenario: files with {@code experiment = hygra-tick} and a {@code hygra}
 * block, read and checked here rather than by the grid scenario loader, and the report of their results.
 */
package io.cangrid.simulator.hygra;
