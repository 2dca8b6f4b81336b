package io.cangrid.hygra.grid;

import io.cangrid.hygra.message.Fallback;
import io.cangrid.hygra.message.FindRequest;
import io.cangrid.hygra.protocol.Hosting;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.jobs.JobLoad;
import java.util.function.Supplier;

/**
 * Algorithm 3's step 1 on a node of the job life cycle, whose run queue runs one job at a time. The node
 * hosts a request when it is capable and its queue is empty; hosting reserves the slot until the job
 * arrives (the owner dispatches it as soon as it hears), so two searches do not both take it. A capable
 * node with a busy queue offers itself as the request's fallback, ranked by the seconds of work ahead.
 */
final class RunSlot implements Hosting {

    private final NodeContext ctx;
    private final ResourceVector capable;
    private final long reservationMillis;
    private final Runnable changed;
    private Supplier<Message> published = () -> null;
    private long reservedUntil = Long.MIN_VALUE;

    /**
     * @param capable the node's offer with a free slot
     * @param changed told when a reservation takes the slot, so the node's state says so at once
     */
    RunSlot(NodeContext ctx, ResourceVector capable, long reservationMillis, Runnable changed) {
        this.ctx = ctx;
        this.changed = changed;
        this.capable = capable;
        this.reservationMillis = reservationMillis;
    }

    void publish(Supplier<Message> state) {
        this.published = state;
    }

    /** Free: nothing queued or running, and no reservation pending. */
    boolean free() {
        return ctx.now() >= reservedUntil && load().queueLength() == 0;
    }

    private JobLoad load() {
        return JobLoad.of(published.get());
    }

    @Override
    public boolean canHost(FindRequest request) {
        return free() && capable.covers(request.demand());
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
