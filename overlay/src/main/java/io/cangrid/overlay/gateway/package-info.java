/**
 * Jobs on a live grid from outside it: the client protocol ({@code GridSubmit}, {@code GridStatus},
 * {@code GridRemove}), the node-side {@link io.cangrid.overlay.gateway.JobGateway} through which any node
 * takes jobs and answers for any job, the on-disk {@link io.cangrid.overlay.gateway.JobStore} that lets a
 * node's jobs and results outlive a restart, and the Java client API
 * {@link io.cangrid.overlay.net.GridClient}.
 */
package io.cangrid.overlay.gateway;
