/**
 * The job model: what a job asks for ({@link io.cangrid.overlay.job.JobSpec}), its grid-wide id that
 * encodes its point ({@link io.cangrid.overlay.job.JobId}, built by
 * {@link io.cangrid.overlay.job.JobIdFactory}), its life cycle ({@link io.cangrid.overlay.job.JobState},
 * {@link io.cangrid.overlay.job.JobRecord}) and the capability test matchmaking uses
 * ({@link io.cangrid.overlay.job.Capable}). Data and pure logic only: the protocols that move jobs live
 * elsewhere.
 */
package io.cangrid.overlay.job;
