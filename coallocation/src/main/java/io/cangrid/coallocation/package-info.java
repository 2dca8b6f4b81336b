/**
 * Topology-aware co-allocation: placing the tasks of a request graph on clusters of alike machines so that
 * each task's machine meets its minimums and each pair of communicating tasks gets the bandwidth it asks for,
 * allocating as many tasks as possible. {@link io.cangrid.coallocation.CtaapSolver} is the polynomial
 * heuristic, {@link io.cangrid.coallocation.ExactSolver} the integer program that judges it on small
 * instances, and {@link io.cangrid.coallocation.Constraints} checks any allocation against both kinds of
 * constraint.
 */
package io.cangrid.coallocation;
