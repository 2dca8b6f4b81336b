/**
 * What a run measured: {@link io.cangrid.simulator.metrics.JobRecorder} listens to the job life cycle's
 * events and yields per-job outcomes, the utilisation over time and a {@link
 * io.cangrid.simulator.metrics.RunMetrics} summary.
 */
package io.cangrid.simulator.metrics;
