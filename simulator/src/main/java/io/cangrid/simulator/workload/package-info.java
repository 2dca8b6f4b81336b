/**
 * What a run is made of, generated before it from the scenario and seed alone: the initial nodes, the
 * Poisson job arrivals and the churn events ({@link io.cangrid.simulator.workload.WorkloadGenerator}).
 */
package io.cangrid.simulator.workload;
