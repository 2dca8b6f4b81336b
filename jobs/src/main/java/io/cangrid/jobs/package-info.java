/**
 * The job model: what a job asks for ({@link io.cangrid.jobs.JobSpec}), its grid-wide id that
 * encodes its point ({@link io.cangrid.jobs.JobId}, built by
 * {@link io.cangrid.jobs.JobIdFactory}), its states ({@link io.cangrid.jobs.JobState}), the
 * capability test matchmaking uses ({@link io.cangrid.jobs.Capable}), and the job life cycle itself:
 * the {@link io.cangrid.jobs.JobAgent} with its owner and run-node roles, the client, the
 * {@link io.cangrid.jobs.Locator} seam, and the {@link io.cangrid.jobs.JobNode} that puts a
 * life cycle, a locator and any {@link io.cangrid.jobs.JobOverlay} on one node (design.md §0.1, §6).
 */
package io.cangrid.jobs;
