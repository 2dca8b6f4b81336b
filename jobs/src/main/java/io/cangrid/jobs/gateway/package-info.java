/**
 * Jobs on a live grid from outside it: the client protocol ({@code GridSubmit}, {@code GridStatus},
 * {@code GridRemove}), the node-side {@link io.cangrid.jobs.gateway.JobGateway} through which any node
 * takes jobs and answers for any job, the on-disk {@link io.cangrid.jobs.gateway.JobStore} that lets a
 * node's jobs and results outlive a restart, and the Java client API
 * {@link io.cangrid.live.client.GridClient}.
 */
package io.cangrid.jobs.gateway;
