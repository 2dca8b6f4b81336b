package io.cangrid.jobs.message;

import io.cangrid.jobs.JobId;
import java.util.Objects;

/**
 * An owner → the node that passed it outcomes of ended jobs (with a hand-over, or as {@link StrayOutcomes}):
 * it keeps them now, so the sender stops sending them. Until this arrives the sender keeps them and sends
 * them again, since either message may be lost on the way.
 */
public record OutcomesKept(JobId[] ids) implements JobMessage {

    public OutcomesKept {
        Objects.requireNonNull(ids, "ids");
        for (JobId id : ids) {
            Objects.requireNonNull(id, "an id");
        }
    }
}
