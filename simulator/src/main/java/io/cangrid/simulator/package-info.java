/**
 * Experiments over the deterministic simulation: scenarios, workloads and churn, the baselines, metrics and
 * reports.
 */
package io.cangrid.simulator;
