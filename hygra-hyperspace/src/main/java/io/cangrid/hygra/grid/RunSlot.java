package io.cangrid.hygra.grid;

import io.cangrid.hygra.message.Fallback;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.protocol.Hosting;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.jobs.JobLoad;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.function.Supplier;

/**
 * Algorithm 3's step 1 on a node of the job life cycle. The node hosts a request when it is capable and the
 * job fits at once in what it has free: on a one-core node, when its queue is empty; on a node of several
 * cores, when the cores the request asks are free (where the space has a cores dimension, its free cores
 * stand in for its cores: the point HYGRA matches is what is free); hosting reserves the slot until the job
 * arrives (the owner dispatches it as soon as it hears), so two searches do not both take it. A capable
 * node with a busy queue offers itself as the request's fallback, ranked by the seconds of work ahead.
 */
final class RunSlot implements Hosting {

    private final NodeContext ctx;
    private final ResourceVector capable;
    private final long reservationMillis;
    /** The request's position of the cores quantity, -1 when the space has none. */
    private final int coresQuantity;
    private final ResourceDimension coresDimension;
    private final Runnable changed;
    private Supplier<Message> published = () -> null;
    private long reservedUntil = Long.MIN_VALUE;

    /**
     * @param capable the node's offer with a free slot
     * @param changed told when a reservation takes the slot, so the node's state says so at once
     */
    RunSlot(NodeContext ctx, GridSpace space, ResourceVector capable, long reservationMillis, Runnable changed) {
        this.ctx = ctx;
        this.coresQuantity = space.schema().indexOf(ResourceSchema.CORES);
        this.coresDimension = coresQuantity < 0 ? null : space.schema().dimension(coresQuantity);
        this.changed = changed;
        this.capable = capable;
        this.reservationMillis = reservationMillis;
    }

    void publish(Supplier<Message> state) {
        this.published = state;
    }

    /** Free: a job arriving now could take a core at once (one core: nothing queued or running), and no reservation pending. */
    boolean free() {
        return ctx.now() >= reservedUntil && load().freeCores() > 0;
    }

    /** Whether the request's cores fit in the cores free now (always, when the space has no cores dimension). */
    private boolean coresFit(FindRequest request) {
        if (coresQuantity < 0) {
            return true;
        }
        long free = Math.round(coresDimension.normalise(load().freeCores()) * GridSpace.UNITS);
        return free >= request.demand().amount(coresQuantity);
    }

    private JobLoad load() {
        return JobLoad.of(published.get());
    }

    @Override
    public boolean canHost(FindRequest request) {
        return free() && capable.covers(request.demand()) && coresFit(request);
    }

    @Override
    public void allocate(FindRequest request) {
        reservedUntil = ctx.now() + reservationMillis;
        changed.run();
    }

    @Override
    public FindRequest passing(FindRequest request) {
        if (!GridSpace.capable(capable, request.demand())) {
            return request;
        }
        Fallback mine = new Fallback(ctx.self(), load().backlogSeconds());
        return request.withFallback(mine.orBetter(request.fallback()));
    }
}
