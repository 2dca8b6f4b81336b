package io.cangrid.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.load.push.CanPConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * CAN-PX on the overloaded small grid of {@link CanPBehaviourTest}: jobs queue, move to neighbours that
 * become free, and search further for free nodes while they wait. However often a job moves, every job
 * ends exactly once, COMPLETED, or NO_MATCH only when no node could run it; and the searches of waiting
 * jobs do find free nodes, reaching further the longer a job waits.
 */
class CanPXBehaviourTest {

    @ParameterizedTest
    @ValueSource(longs = {7, 11})
    void waitingJobsMoveToFreeNodesAndEveryJobEndsOnce(long seed) {
        CanPBehaviourTest.Outcome px = CanPBehaviourTest.run(seed, CanPConfig.px());
        String context = "seed " + seed + ": CAN-PX " + px + ", " + px.freeFound() + " free nodes found for waiting jobs";
        assertEveryJobEndsOnce(px, context);
        assertThat(px.finished()).as(context).isEqualTo(CanPBehaviourTest.JOBS);
        assertThat(px.notUpward()).as(context).isEmpty();
        assertThat(px.freeFound()).as(context).isPositive();
        assertThat(px.widestSeek()).as(context + ": jobs waiting for periods search further")
                .isEqualTo(CanPConfig.DEFAULT_SEEK_WIDEST);
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 11})
    void verifyingSearchesEndOnlyAtANodeThatIsIdleByItsOwnWord(long seed) {
        CanPBehaviourTest.Outcome trusting = CanPBehaviourTest.run(seed,
                CanPConfig.px().withSearch(s -> s.withBudget(32)));
        CanPBehaviourTest.Outcome verifying = CanPBehaviourTest.run(seed,
                CanPConfig.px().withSearch(s -> s.withBudget(32).withVerify(true)));
        String context = "seed " + seed + ": trusting " + trusting + " (" + trusting.freeFoundNotOwnWord() + " of "
                + trusting.freeFound() + " answers from a neighbour's view); verifying " + verifying + " ("
                + verifying.freeFound() + " answers)";
        assertThat(trusting.freeFoundNotOwnWord()).as(context).isPositive();
        assertThat(verifying.freeFound()).as(context).isPositive();
        assertThat(verifying.freeFoundNotOwnWord()).as(context).isZero();
        assertEveryJobEndsOnce(verifying, context);
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 11})
    void withRefitOnlyFreeNodesStepAsideAndEveryJobStillEndsOnce(long seed) {
        CanPBehaviourTest.Outcome off = CanPBehaviourTest.run(seed,
                CanPConfig.px().withOffers(o -> o.withRefit(false)));
        CanPBehaviourTest.Outcome on = CanPBehaviourTest.run(seed,
                CanPConfig.px().withOffers(o -> o.withRefit(true)));
        String context = "seed " + seed + ": without refit " + off + "; with refit " + on + ", " + on.refitPasses()
                + " offers passed to a better fit";
        assertThat(off.refitPasses()).as(context).isZero();
        assertThat(on.refitPasses()).as(context).isPositive();
        assertThat(on.refitPassesWhileBusy()).as(context).isZero();
        assertEveryJobEndsOnce(on, context);
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 11})
    void aGentleClimbStillPushesOnlyUpwardAndEveryJobEndsOnce(long seed) {
        CanPBehaviourTest.Outcome gentle = CanPBehaviourTest.run(seed,
                CanPConfig.px().withPush(p -> p.withGentleClimb(true)));
        String context = "seed " + seed + ": " + gentle;
        assertThat(gentle.pushSteps()).as(context).isPositive();
        assertThat(gentle.notUpward()).as(context).isEmpty();
        assertEveryJobEndsOnce(gentle, context);
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 11})
    void withSoonestWaitingJobsAlsoMoveBehindBusyNeighboursAndEveryJobStillEndsOnce(long seed) {
        // Without searches, every move of a waiting job is the node's own choice from its view of its neighbours.
        CanPConfig moves = CanPConfig.px().withWaiting(w -> w.withSeekBudget(0));
        CanPBehaviourTest.Outcome off = CanPBehaviourTest.run(seed, moves);
        CanPBehaviourTest.Outcome on = CanPBehaviourTest.run(seed, moves.withChoice(c -> c.withSoonest(true)));
        String context = "seed " + seed + ": without soonest " + off + ", " + off.movesToBusy()
                + " waiting jobs moved to a neighbour that looked busy; with soonest " + on + ", " + on.movesToBusy();
        assertThat(off.movesToBusy()).as(context).isZero();
        assertThat(on.movesToBusy()).as(context).isPositive();
        assertEveryJobEndsOnce(off, context);
        assertEveryJobEndsOnce(on, context);
    }

    @ParameterizedTest
    @ValueSource(longs = {7})
    void withoutWideningEverySearchKeepsItsBudget(long seed) {
        CanPBehaviourTest.Outcome px = CanPBehaviourTest.run(seed,
                CanPConfig.px().withWaiting(w -> w.withSeekWidest(0)));
        assertThat(px.widestSeek()).as("seed " + seed).isEqualTo(CanPConfig.DEFAULT_SEEK_BUDGET);
        assertThat(px.unfinished()).as("seed " + seed).isZero();
    }

    /** No job left unfinished or finished twice; each COMPLETED, or NO_MATCH only when no node could run it. */
    private static void assertEveryJobEndsOnce(CanPBehaviourTest.Outcome o, String context) {
        assertThat(o.unfinished()).as(context).isZero();
        assertThat(o.duplicateFinishes()).as(context).isZero();
        assertThat(o.completed() + o.noMatch()).as(context).isEqualTo(CanPBehaviourTest.JOBS);
        assertThat(o.unmatchedButCapable()).as(context).isEmpty();
    }
}
