package io.cangrid.overlay.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Random walks through the life cycle: a record follows every allowed move and refuses every other. */
class JobRecordProperties {

    @Property(tries = 300)
    void aRecordTracesAnyWalkOfAllowedMovesAndRefusesTheRest(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        JobRecord r = new JobRecord(new JobId(seed, Point.of(0.5, 0.5)), JobSpec.of(Requirements.none(1), 1),
                NodeId.of(1), 0);
        List<JobState> walk = new ArrayList<>(List.of(JobState.SUBMITTED));
        long now = 0;
        for (int step = 0; step < 40 && !r.isTerminal(); step++) {
            JobState current = r.state();
            EnumSet<JobState> refused = EnumSet.allOf(JobState.class);
            refused.removeAll(current.successors());
            for (JobState illegal : refused) {
                long at = now;
                assertThatThrownBy(() -> r.moveTo(illegal, at, "x")).as("seed %d: %s -> %s", seed, current, illegal)
                        .isInstanceOf(IllegalStateException.class);
            }
            List<JobState> options = new ArrayList<>(current.successors());
            JobState next = options.get(rnd.nextInt(options.size()));
            now += rnd.nextInt(0, 1000);
            r.moveTo(next, now, next.needsReason() ? "because" : null);
            walk.add(next);
        }
        assertThat(r.history()).extracting(JobRecord.Transition::state).as("seed %d", seed).isEqualTo(walk);
        assertThat(r.lastChangeAt()).as("seed %d", seed).isEqualTo(now);
        for (int i = 1; i < r.history().size(); i++) {
            assertThat(r.history().get(i).at()).as("seed %d", seed).isGreaterThanOrEqualTo(r.history().get(i - 1).at());
        }
    }
}
