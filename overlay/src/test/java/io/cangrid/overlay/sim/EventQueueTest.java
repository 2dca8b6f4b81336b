package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The event queue on its own: a 2^16-slot wheel of 1 ms slots plus an overflow heap. The interesting
 * cases are at the seam between the two.
 */
class EventQueueTest {

    static final long H = EventQueue.HORIZON;

    /** What came out of the queue: the payload and the clock when it did. */
    record Popped(Object payload, long time, int target, int sender) {
    }

    /** Takes every event due up to {@code limit}, the way the simulation does, then moves the clock there. */
    static List<Popped> drain(EventQueue q, long limit) {
        List<Popped> out = new ArrayList<>();
        do {
            while (q.hasCurrent()) {
                int target = q.currentTarget();
                int sender = q.currentSender();
                out.add(new Popped(q.takeCurrent(), q.now(), target, sender));
            }
        } while (q.advance(limit));
        q.moveTo(limit);
        return out;
    }

    static List<Object> payloads(List<Popped> popped) {
        return popped.stream().map(Popped::payload).toList();
    }

    @Test
    void eventsComeOutAtTheirTimeWithTheirTargetAndSender() {
        EventQueue q = new EventQueue();
        q.add(5, 1, 2, "a");
        q.add(3, 7, -1, "b");
        assertThat(q.size()).isEqualTo(2);
        assertThat(drain(q, 10)).containsExactly(new Popped("b", 3, 7, -1), new Popped("a", 5, 1, 2));
        assertThat(q.size()).isZero();
        assertThat(q.now()).isEqualTo(10);
    }

    @Test
    void orderingAcrossTheWheelAndOverflowSeam() {
        EventQueue q = new EventQueue();
        // Added in scrambled order on both sides of the horizon (H - 1 is the wheel's last slot).
        long[] times = {H + 1, H - 1, 0, 2 * H, H, 1, 5 * H + 3, 2 * H - 1};
        for (long t : times) {
            q.add(t, 0, 0, t);
        }
        assertThat(payloads(drain(q, 10 * H)))
                .containsExactly(0L, 1L, H - 1, H, H + 1, 2 * H - 1, 2 * H, 5 * H + 3);
    }

    @Test
    void eachEventComesOutWhenTheClockReadsItsTime() {
        EventQueue q = new EventQueue();
        for (long t : new long[] {H, 3 * H + 5, 17, H - 1}) {
            q.add(t, 0, 0, t);
        }
        assertThat(drain(q, 4 * H)).allSatisfy(p -> assertThat(p.time()).isEqualTo((Long) p.payload()));
    }

    @Test
    void sameTimeEventsKeepInsertionOrderWhenSomeWaitedInOverflow() {
        EventQueue q = new EventQueue();
        long due = 3 * H;
        q.add(due, 0, 0, "far-1");
        q.add(due, 0, 0, "far-2");
        drain(q, due - H + 1);
        // Now the due time is inside the wheel's reach: this one goes straight into the wheel.
        q.add(due, 0, 0, "near");
        q.add(due - 1, 0, 0, "just-before");
        assertThat(payloads(drain(q, due))).containsExactly("just-before", "far-1", "far-2", "near");
    }

    @Test
    void anEventExactlyOneHorizonAwayWaitsInOverflowAndStillComesOutOnTime() {
        EventQueue q = new EventQueue();
        q.add(0, 0, 0, "now");
        q.add(H, 0, 0, "horizon");
        // The wheel slot of H is the slot of 0: sharing it must not make "horizon" come out at 0.
        List<Popped> first = drain(q, H - 1);
        assertThat(first).containsExactly(new Popped("now", 0, 0, 0));
        assertThat(drain(q, H)).containsExactly(new Popped("horizon", H, 0, 0));
    }

    @Test
    void eventsAddedWhileTheirMillisecondIsBeingProcessedRunInThatMillisecond() {
        EventQueue q = new EventQueue();
        q.add(10, 0, 0, "x");
        List<Object> seen = new ArrayList<>();
        while (q.advance(100)) {
            while (q.hasCurrent()) {
                Object p = q.takeCurrent();
                seen.add(p + "@" + q.now());
                if (p.equals("x")) {
                    q.add(q.now(), 0, 0, "y");
                    q.add(q.now() + H, 0, 0, "z");
                }
            }
        }
        assertThat(seen).containsExactly("x@10", "y@10");
        assertThat(q.size()).isEqualTo(1);
    }

    @Test
    void bigJumpsOfTheClockStillFindEveryEvent() {
        EventQueue q = new EventQueue();
        q.add(10 * H + 12_345, 0, 0, "a");
        drain(q, 7 * H);
        assertThat(q.now()).isEqualTo(7 * H);
        q.add(7 * H + 1, 0, 0, "b");
        q.add(20 * H, 0, 0, "c");
        assertThat(payloads(drain(q, 30 * H))).containsExactly("b", "a", "c");
    }

    @Test
    void schedulingInThePastIsRejected() {
        EventQueue q = new EventQueue();
        drain(q, 100);
        assertThatThrownBy(() -> q.add(99, 0, 0, "late"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("99").hasMessageContaining("100");
    }

    @Test
    void movingTheClockOverUnprocessedEventsIsRefused() {
        EventQueue q = new EventQueue();
        q.add(0, 0, 0, "pending");
        assertThatThrownBy(() -> q.moveTo(5)).isInstanceOf(IllegalStateException.class);
        assertThat(q.hasCurrent()).isTrue();
    }

    @Test
    void slotsAreReusedAfterTheWheelWrapsAround() {
        EventQueue q = new EventQueue();
        List<Object> expected = new ArrayList<>();
        // The same slot (time mod H) used over several turns of the wheel, with several events each.
        for (int turn = 0; turn < 4; turn++) {
            for (int k = 0; k < 6; k++) {
                String p = turn + "/" + k;
                q.add(q.now() + 42, k, turn, p);
                expected.add(p);
            }
            assertThat(payloads(drain(q, q.now() + H)))
                    .containsExactlyElementsOf(expected.subList(turn * 6, turn * 6 + 6));
        }
        assertThat(q.size()).isZero();
    }

    @Test
    void aBusyMillisecondGivesItsMemoryBackOnceDrained() {
        EventQueue q = new EventQueue();
        int burst = 10_000;
        for (int i = 0; i < burst; i++) {
            q.add(5, i, 0, i);
        }
        q.add(9, 0, 0, "late");
        assertThat(q.capacity()).isGreaterThanOrEqualTo(burst + 1);

        List<Popped> first = drain(q, 5);
        assertThat(first).hasSize(burst);
        assertThat(q.capacity()).as("only the event at 9 ms is held").isLessThanOrEqualTo(BucketPool.SMALLEST);
        assertThat(q.pooledCapacity()).as("the burst's bucket is too large to keep").isLessThanOrEqualTo(
                BucketPool.MAX_HELD);

        // The burst's slot comes round again: its events still keep their order, and it holds no more than before.
        long again = 5 + H;
        for (int i = 0; i < 3; i++) {
            q.add(again, i, 0, "again " + i);
        }
        assertThat(payloads(drain(q, again))).containsExactly("late", "again 0", "again 1", "again 2");
        assertThat(q.capacity()).isZero();
        assertThat(q.pooledCapacity()).isLessThanOrEqualTo(BucketPool.MAX_HELD);
    }

    @Test
    void eventsAddedToTheCurrentMillisecondWhileItOutgrowsItsBucketKeepTheirOrder() {
        EventQueue q = new EventQueue();
        q.add(2, 0, 0, 0);
        List<Object> out = new ArrayList<>();
        assertThat(q.advance(10)).isTrue();
        int next = 1;
        while (q.hasCurrent()) {
            out.add(q.takeCurrent());
            // Each event taken schedules two more in its own millisecond, until a hundred have been added.
            for (int i = 0; i < 2 && next < 100; i++) {
                q.add(2, 0, 0, next++);
            }
        }
        assertThat(out).hasSize(100);
        for (int i = 0; i < out.size(); i++) {
            assertThat(out.get(i)).isEqualTo(i);
        }
    }
}
