/**
 * HYGRA as an overlay and locator of the job life cycle: {@link io.cangrid.hygra.grid.HygraOverlay} on a
 * {@link io.cangrid.hygra.protocol.HygraNode}, {@link io.cangrid.hygra.grid.HygraLocator} running
 * Algorithm 3 from a job's owner. See hygra.md, "HYGRA in the job life cycle".
 */
package io.cangrid.hygra.grid;
