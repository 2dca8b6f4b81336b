package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import java.util.Objects;

/**
 * Outcomes of ended jobs kept by a node that no longer owns their points, routed to the owner of
 * {@code ids[0]}'s point; the owner answers {@code from} with {@link OutcomesKept}.
 */
public record StrayOutcomes(NodeId from, JobId[] ids, JobOutcome[] outcomes) implements Message {

    public StrayOutcomes {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(outcomes, "outcomes");
        if (ids.length != outcomes.length) {
            throw new IllegalArgumentException(ids.length + " ids but " + outcomes.length + " outcomes");
        }
        for (int i = 0; i < ids.length; i++) {
            Objects.requireNonNull(ids[i], "an id");
            Objects.requireNonNull(outcomes[i], "an outcome");
        }
    }
}
