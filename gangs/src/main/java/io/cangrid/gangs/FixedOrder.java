package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import java.util.List;

/**
 * The paper's left-to-right search: the open ports in declaration order (a member's own ports before the
 * root's next), recursive backtracking over the candidates of each. Without the index every ad of the pool
 * is a candidate of every port, which makes it slow and complete: the oracle the other searches are checked
 * against.
 */
final class FixedOrder extends GangSearch {

    private final boolean indexed;

    FixedOrder(boolean indexed) {
        this.indexed = indexed;
    }

    @Override
    boolean marshal(GangState state, Pool pool, Effort effort) {
        if (state.open().isEmpty()) {
            return complete(state);
        }
        Slot next = state.open().get(0);
        List<GangAd> ads = indexed
                ? lookUp(Expr.conjuncts(next.definition().constraint()), next, state, pool, effort)
                : pool.available();
        return tryEach(state, next, dockable(ads, next, state, pool, indexed), pool, effort);
    }
}
