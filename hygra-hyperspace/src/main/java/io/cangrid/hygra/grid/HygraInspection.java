package io.cangrid.hygra.grid;

import io.cangrid.overlay.InspectableProgram;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeProgram;
import java.util.function.IntSupplier;

/**
 * A HYGRA node program that also answers an operator's inspection request, with a {@link HygraReport}
 * instead of the CAN's zones.
 */
public final class HygraInspection extends InspectableProgram {

    private final NodeContext ctx;
    private final HygraOverlay overlay;
    private final IntSupplier queueLength;

    public HygraInspection(NodeContext ctx, NodeProgram inner, HygraOverlay overlay, IntSupplier queueLength) {
        super(ctx, inner);
        this.ctx = ctx;
        this.overlay = overlay;
        this.queueLength = queueLength;
    }

    @Override
    public HygraReport reply(long requestId) {
        return HygraReport.of(requestId, ctx.self(), overlay, queueLength.getAsInt());
    }
}
