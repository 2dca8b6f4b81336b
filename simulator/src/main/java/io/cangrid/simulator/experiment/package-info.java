/**
 * Runs a scenario: every locator on every load level and churn variant, each run on the same workload and
 * seed, independent runs in parallel, results in a fixed order ({@link
 * io.cangrid.simulator.experiment.Experiment}). The grid itself is behind {@link
 * io.cangrid.simulator.experiment.LevelRunner}.
 */
package io.cangrid.simulator.experiment;
