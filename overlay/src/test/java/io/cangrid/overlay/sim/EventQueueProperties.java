package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * For any schedule — events near and far, added up front, while running and between bounded runs — the
 * queue hands out exactly the due events, each at its time, ordered by (time, insertion order).
 */
class EventQueueProperties {

    /** An event as the test knows it: when it is due and its global insertion number. */
    record Ev(long time, long seq) {
    }

    private static final Comparator<Ev> TIME_THEN_INSERTION =
            Comparator.comparingLong(Ev::time).thenComparingLong(Ev::seq);

    /** Delays that hit the interesting places: now, the near future, the horizon's edges, far beyond. */
    private static long delay(SplittableRandom rnd) {
        long h = EventQueue.HORIZON;
        return switch (rnd.nextInt(5)) {
            case 0 -> 0;
            case 1 -> rnd.nextLong(20);
            case 2 -> h - 3 + rnd.nextLong(7);
            case 3 -> rnd.nextLong(2 * h);
            default -> rnd.nextLong(6 * h);
        };
    }

    @Property(tries = 200)
    void eventsPopInTimeThenInsertionOrder(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        EventQueue q = new EventQueue();
        List<Ev> added = new ArrayList<>();
        List<Ev> popped = new ArrayList<>();

        int initial = rnd.nextInt(1, 60);
        for (int i = 0; i < initial; i++) {
            add(q, added, q.now() + delay(rnd));
        }
        int chunks = rnd.nextInt(1, 6);
        for (int c = 0; c < chunks; c++) {
            long limit = q.now() + rnd.nextLong(3 * EventQueue.HORIZON);
            do {
                while (q.hasCurrent()) {
                    Ev e = (Ev) q.takeCurrent();
                    assertThat(q.now()).as("seed %d: %s popped at the wrong time", seed, e).isEqualTo(e.time());
                    popped.add(e);
                    // Handling an event often schedules more, as node programs do.
                    if (added.size() < 400 && rnd.nextInt(3) == 0) {
                        for (int k = rnd.nextInt(1, 4); k > 0; k--) {
                            add(q, added, q.now() + delay(rnd));
                        }
                    }
                }
            } while (q.advance(limit));
            q.moveTo(limit);
            assertThat(q.now()).as("seed %d", seed).isEqualTo(limit);

            List<Ev> due = added.stream().filter(e -> e.time() <= limit).sorted(TIME_THEN_INSERTION).toList();
            assertThat(popped).as("seed %d, run %d up to %d ms", seed, c, limit).containsExactlyElementsOf(due);
            assertThat(q.size()).as("seed %d: events still pending", seed).isEqualTo(added.size() - due.size());

            // The driver may add events between runs too.
            for (int k = rnd.nextInt(4); k > 0; k--) {
                add(q, added, q.now() + delay(rnd));
            }
        }
    }

    private static void add(EventQueue q, List<Ev> added, long time) {
        Ev e = new Ev(time, added.size());
        added.add(e);
        q.add(time, 0, 0, e);
    }
}
