/**
 * Gangmatching scenarios ({@code experiment = gangmatching}): the Gangmatching paper's scalability workload
 * over a grid of sizes, licence ratios, partition counts and searches, each cell checked against the number
 * of gangs it must form and reported with the probes and evaluations it cost.
 */
package io.cangrid.simulator.gangs;
