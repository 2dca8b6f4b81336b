/**
 * The job model: what a job asks for ({@link io.cangrid.overlay.job.JobSpec}), its grid-wide id that
 * encodes its point ({@link io.cangrid.overlay.job.JobId}, built by
 * {@link io.cangrid.overlay.job.JobIdFactory}), its states ({@link io.cangrid.overlay.job.JobState}), the
 * capability test matchmaking uses ({@link io.cangrid.overlay.job.Capable}), and the job life cycle itself:
 * the {@link io.cangrid.overlay.job.JobAgent} with its owner and run-node roles, the client, the
 * {@link io.cangrid.overlay.job.Locator} seam, and the {@link io.cangrid.overlay.job.JobNode} that puts a
 * life cycle, a locator and any {@link io.cangrid.overlay.job.JobOverlay} on one node (design.md §0.1, §6).
 */
package io.cangrid.overlay.job;
