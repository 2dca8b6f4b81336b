package io.cangrid.overlay.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import io.cangrid.overlay.contract.ContractMessages.Goodbye;
import io.cangrid.overlay.contract.ContractMessages.Note;
import io.cangrid.overlay.contract.ProbeProgram.Arrival;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every runtime must honour alike for the programs it hosts, written once against a
 * {@link RuntimeHarness} and run on each runtime by a subclass that says which one to build. It checks
 * {@link NodeContext} as its javadoc and the runtimes' own promise it, and no more:
 *
 * <ul>
 * <li>{@code self()} is one value for a node's whole life, other nodes reach the node under it, and a
 * node reaches itself;</li>
 * <li>{@code send} delivers to a live node, each message once, and never to a crashed one. <b>Order is not
 * promised</b>: {@code NodeContext} says delivery itself is not guaranteed, and the simulation and PeerSim
 * draw each message's latency on its own, so two messages from one sender to one receiver may arrive in
 * either order (the live runtime keeps one connection's order, but nothing may rely on it). On a network
 * that loses nothing, every message arrives, once;</li>
 * <li>{@code schedule} runs its action once, never before its delay and never inside the call; a cancelled
 * timer never runs;</li>
 * <li>{@code now()} never goes backwards, as one node's callbacks see it;</li>
 * <li>{@code random()} is each node's own stream; in a deterministic runtime the seed reproduces it;</li>
 * <li>a node's callbacks run one at a time, all on one thread; {@code post} runs its action on that thread,
 * after the current event, and actions posted from one thread run in the order they were posted;</li>
 * <li>once a program exits (at the end of a graceful leave, or from any callback), the node runs nothing
 * more: messages, timers and posted actions are dropped; what it sent before it stopped still arrives.</li>
 * </ul>
 *
 * A case a runtime cannot express is skipped with the reason. Waits are bounded ({@link #WAIT_MILLIS} of the
 * runtime's time), and every node is stopped after each case, passed or failed. Randomised cases draw
 * from {@link #seed()} ({@code -Dcangrid.contract.seed}), which every failure message names with the
 * runtime.
 */
public abstract class NodeContextContract {

    /** The longest any wait may take, in milliseconds of the runtime's clock. */
    protected static final long WAIT_MILLIS = 10_000;
    /** How long the suite watches for something that must not happen. */
    protected static final long QUIET_MILLIS = 500;
    /**
     * After a crash or an exit, how long a runtime with threads of its own may take to finish a callback
     * that had already begun; a deterministic runtime needs no such time.
     */
    protected static final long GRACE_MILLIS = 100;

    private record Peer(NodeId id, ProbeProgram probe) {
        NodeContext ctx() {
            return probe.context();
        }
    }

    private final Map<NodeId, ProbeProgram> probes = new ConcurrentHashMap<>();
    private RuntimeHarness h;

    /** A fresh runtime with no node; a deterministic one draws everything from {@code seed}. */
    protected abstract RuntimeHarness newHarness(long seed);

    protected long seed() {
        return Long.getLong("cangrid.contract.seed", 1);
    }

    @AfterEach
    void stopEveryNode() {
        if (h != null) {
            RuntimeHarness open = h;
            h = null;
            open.close();
        }
    }

    private RuntimeHarness open(long seed) {
        stopEveryNode();
        probes.clear();
        h = newHarness(seed);
        return h;
    }

    private Peer node() {
        NodeId id = h.add(ctx -> {
            ProbeProgram p = new ProbeProgram(ctx);
            probes.put(ctx.self(), p);
            return p;
        });
        ProbeProgram p = probes.get(id);
        assertThat(p).as(on("the program of the node added as %s", id)).isNotNull();
        assertThat(p.started()).as(on("%s has started once add() returned", id)).isTrue();
        return new Peer(id, p);
    }

    private String on(String what, Object... args) {
        return h.describe() + ": " + String.format(what, args);
    }

    private void await(String what, BooleanSupplier condition) {
        assertThat(h.await(condition, WAIT_MILLIS)).as(on("%s, within %d ms", what, WAIT_MILLIS)).isTrue();
    }

    /** After a crash or an exit: lets a callback already under way on another thread end. */
    private void grace() {
        if (!h.deterministic()) {
            h.pass(GRACE_MILLIS);
        }
    }

    /** A timer every {@code period} ms, {@code times} times at most; call on the node's thread. */
    private static void tick(Peer p, long period, int times) {
        p.probe().schedule(period, () -> {
            if (times > 1) {
                tick(p, period, times - 1);
            }
        });
    }

    private static void sendNotes(Peer from, NodeId to, long batch, int first, int count) {
        for (int i = first; i < first + count; i++) {
            from.ctx().send(to, new Note(batch, i));
        }
    }

    private static List<Integer> seqs(List<Arrival> arrivals) {
        return arrivals.stream().map(a -> ((Note) a.message()).seq()).toList();
    }

    // ---- self() --------------------------------------------------------------------------------------

    @Test
    void selfIsOneValueForTheNodesLifeAndReachesIt() {
        open(seed());
        Peer a = node();
        Peer b = node();
        assertThat(a.id()).as(on("two nodes' ids")).isNotEqualTo(b.id());
        // b answers a note to whoever sent it, under the id the runtime gave as the sender.
        b.probe().onReceive((from, m) -> {
            if (m instanceof Note n && n.seq() == 0) {
                b.ctx().send(from, new Note(n.batch(), 1));
            }
        });
        a.probe().post(() -> {
            a.ctx().send(b.id(), new Note(1, 0));
            a.ctx().send(a.ctx().self(), new Note(2, 0));
            a.probe().schedule(30, () -> { });
        });
        await("a's note at b, b's answer at a and a's note to itself",
                () -> b.probe().notes(1).size() == 1 && a.probe().notes(1).size() == 1 && a.probe().notes(2).size() == 1);
        h.pass(100);
        assertThat(b.probe().notes(1).get(0).from()).as(on("sender of a's note, as b saw it")).isEqualTo(a.id());
        assertThat(a.probe().notes(1)).extracting(Arrival::from).as(on("sender of b's answer")).containsExactly(b.id());
        assertThat(a.probe().notes(2)).extracting(Arrival::from).as(on("sender of a's note to itself"))
                .containsExactly(a.id());
        assertThat(a.probe().selves()).as(on("self() in each of a's callbacks")).containsExactly(a.id());
        assertThat(b.probe().selves()).as(on("self() in each of b's callbacks")).containsExactly(b.id());
    }

    // ---- send ----------------------------------------------------------------------------------------

    @Test
    void messagesFromOneSenderToOneReceiverEachArriveOnceInAnyOrder() {
        open(seed());
        Peer a = node();
        Peer b = node();
        a.probe().post(() -> {
            sendNotes(a, b.id(), 1, 0, 50);
            a.probe().schedule(20, () -> sendNotes(a, b.id(), 1, 50, 50));
        });
        await("100 notes from a at b", () -> b.probe().notes(1).size() >= 100);
        h.pass(QUIET_MILLIS);
        List<Arrival> notes = b.probe().notes(1);
        assertThat(seqs(notes)).as(on("the notes b received: each once, in any order (no order is promised)"))
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 100).boxed().toList());
        assertThat(notes).extracting(Arrival::from).as(on("their sender")).containsOnly(a.id());
    }

    @Test
    void sendNeverDeliversToACrashedNode() {
        open(seed());
        Peer a = node();
        Peer b = node();
        b.probe().post(() -> tick(b, 20, 100));
        a.probe().post(() -> sendNotes(a, b.id(), 1, 0, 20));
        h.pass(1); // most of those notes are still on their way when b crashes
        h.crash(b.id());
        grace();
        int callbacks = b.probe().callbacks();
        int before = b.probe().arrivals().size();
        a.probe().post(() -> {
            sendNotes(a, b.id(), 2, 0, 20);
            a.probe().schedule(100, () -> sendNotes(a, b.id(), 2, 20, 20));
        });
        h.pass(QUIET_MILLIS);
        assertThat(b.probe().arrivals()).as(on("messages b received after its crash")).hasSize(before);
        assertThat(b.probe().notes(2)).as(on("notes sent to b once it had crashed")).isEmpty();
        assertThat(b.probe().callbacks()).as(on("b's callbacks (messages, timers) after its crash")).isEqualTo(callbacks);
        assertThat(h.isRunning(b.id())).as(on("b running after its crash")).isFalse();
        assertThat(h.isRunning(a.id())).as(on("a running")).isTrue();
    }

    // ---- schedule ------------------------------------------------------------------------------------

    @Test
    void aTimerRunsOnceAndNeverBeforeItsDelay() {
        open(seed());
        Peer a = node();
        long[] delays = {0, 1, 20, 150, 400};
        Map<Long, Queue<Long>> fired = new ConcurrentHashMap<>();
        AtomicLong scheduledAt = new AtomicLong(-1);
        AtomicBoolean inline = new AtomicBoolean();
        a.probe().post(() -> {
            AtomicBoolean returned = new AtomicBoolean();
            scheduledAt.set(a.ctx().now());
            for (long d : delays) {
                a.probe().schedule(d, () -> {
                    fired.computeIfAbsent(d, k -> new ConcurrentLinkedQueue<>()).add(a.ctx().now());
                    if (!returned.get()) {
                        inline.set(true);
                    }
                });
            }
            returned.set(true);
        });
        await("every timer run", () -> fired.size() == delays.length);
        h.pass(200);
        for (long d : delays) {
            assertThat(fired.get(d)).as(on("runs of the timer of %d ms", d)).hasSize(1);
            assertThat(fired.get(d).peek() - scheduledAt.get()).as(on("now() when the timer of %d ms ran, less "
                    + "now() when it was scheduled", d)).isGreaterThanOrEqualTo(d);
        }
        assertThat(inline).as(on("a timer ran inside the callback that scheduled it")).isFalse();
    }

    @Test
    void aCancelledTimerNeverRuns() {
        open(seed());
        Peer a = node();
        Set<String> ran = ConcurrentHashMap.newKeySet();
        Queue<Boolean> cancelledFlags = new ConcurrentLinkedQueue<>();
        a.probe().post(() -> {
            Timer atOnce = a.probe().schedule(100, () -> ran.add("cancelled at once"));
            atOnce.cancel();
            cancelledFlags.add(atOnce.isCancelled());
            Timer zero = a.probe().schedule(0, () -> ran.add("of 0 ms, cancelled in the event that scheduled it"));
            zero.cancel();
            Timer later = a.probe().schedule(300, () -> ran.add("cancelled by an earlier timer"));
            a.probe().schedule(100, () -> {
                later.cancel();
                cancelledFlags.add(later.isCancelled());
            });
            Timer done = a.probe().schedule(50, () -> ran.add("ran, then cancelled"));
            a.probe().schedule(150, done::cancel); // cancelling a timer that ran is harmless
            a.probe().schedule(500, () -> ran.add("sentinel"));
        });
        await("the sentinel timer run", () -> ran.contains("sentinel"));
        h.pass(200);
        assertThat(ran).as(on("timers that ran")).containsExactlyInAnyOrder("ran, then cancelled", "sentinel");
        assertThat(cancelledFlags).as(on("isCancelled() after cancel()")).containsExactly(true, true);
    }

    // ---- now() ---------------------------------------------------------------------------------------

    @Test
    void nowNeverGoesBackwards() {
        open(seed());
        SplittableRandom rnd = new SplittableRandom(seed());
        Peer a = node();
        Peer b = node();
        Peer c = node();
        int each = 40;
        long[] own = rnd.longs(each, 0, 60).toArray();
        long[] fromB = rnd.longs(each, 0, 60).toArray();
        long[] fromC = rnd.longs(each, 0, 60).toArray();
        a.probe().post(() -> {
            for (long d : own) {
                a.probe().schedule(d, () -> { });
            }
        });
        b.probe().post(() -> {
            for (int i = 0; i < each; i++) {
                int seq = i;
                b.probe().schedule(fromB[i], () -> b.ctx().send(a.id(), new Note(1, seq)));
            }
        });
        c.probe().post(() -> {
            for (int i = 0; i < each; i++) {
                int seq = i;
                c.probe().schedule(fromC[i], () -> c.ctx().send(a.id(), new Note(2, seq)));
            }
        });
        await("every note at a", () -> a.probe().notes(1).size() == each && a.probe().notes(2).size() == each);
        h.pass(100);
        for (Peer p : List.of(a, b, c)) {
            List<Long> clock = p.probe().clock();
            for (int i = 1; i < clock.size(); i++) {
                assertThat(clock.get(i)).as(on("now() at %s, reading %d after %s (seed %d)", p.id(), i,
                        clock.subList(Math.max(0, i - 3), i), seed())).isGreaterThanOrEqualTo(clock.get(i - 1));
            }
        }
    }

    // ---- random() ------------------------------------------------------------------------------------

    /** Eight draws of each of three nodes, in the order the nodes were added. */
    private List<List<Long>> drawsOfThreeNodes(long seed) {
        open(seed);
        List<Peer> peers = List.of(node(), node(), node());
        Map<NodeId, List<Long>> draws = new ConcurrentHashMap<>();
        for (Peer p : peers) {
            p.probe().post(() -> draws.put(p.id(), p.ctx().random().longs(8).boxed().toList()));
        }
        await("every node's draws", () -> draws.size() == peers.size());
        return peers.stream().map(p -> draws.get(p.id())).toList();
    }

    @Test
    void eachNodeDrawsFromARandomStreamOfItsOwn() {
        List<List<Long>> draws = drawsOfThreeNodes(seed());
        assertThat(Set.copyOf(draws)).as(on("the draws of three nodes: %s", draws)).hasSize(3);
    }

    @Test
    void theSeedReproducesEveryNodesDraws() {
        boolean deterministic = open(seed()).deterministic();
        String runtime = h.describe();
        stopEveryNode();
        assumeTrue(deterministic, runtime + " seeds each node from a SecureRandom, so no two runs draw alike; "
                + "only a deterministic runtime has a seed that reproduces them");
        List<List<Long>> first = drawsOfThreeNodes(seed());
        List<List<Long>> again = drawsOfThreeNodes(seed());
        assertThat(again).as(on("every node's draws with the same seed")).isEqualTo(first);
        List<List<Long>> other = drawsOfThreeNodes(seed() + 1);
        for (int i = 0; i < first.size(); i++) {
            assertThat(other.get(i)).as(on("node %d's draws with seed %d and %d", i, seed(), seed() + 1))
                    .isNotEqualTo(first.get(i));
        }
    }

    // ---- one thread per node, post -------------------------------------------------------------------

    @Test
    void aNodesCallbacksRunOneAtATimeOnOneThread() throws InterruptedException {
        open(seed());
        Peer target = node();
        target.probe().holdEachCallback(TimeUnit.MICROSECONDS.toNanos(50));
        List<Peer> senders = List.of(node(), node(), node(), node());
        for (int s = 0; s < senders.size(); s++) {
            Peer from = senders.get(s);
            long batch = s + 1;
            from.probe().post(() -> sendNotes(from, target.id(), batch, 0, 50));
        }
        target.probe().post(() -> {
            for (int i = 0; i < 20; i++) {
                target.probe().schedule(i, () -> { });
            }
        });
        int posted;
        if (h.deterministic()) {
            // One thread runs the whole simulation: the test's, between runs.
            for (int i = 0; i < 50; i++) {
                target.probe().post(() -> { });
            }
            posted = 50;
        } else {
            // A live runtime takes posts from any thread: four at once, while messages and timers arrive.
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                for (int t = 0; t < 4; t++) {
                    pool.execute(() -> {
                        for (int i = 0; i < 50; i++) {
                            target.probe().post(() -> { });
                        }
                    });
                }
            } finally {
                pool.shutdown();
                assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).as(on("the posting threads ended")).isTrue();
            }
            posted = 200;
        }
        int expected = 1 + 4 * 50 + 1 + 20 + posted;
        await("all " + expected + " callbacks of the target", () -> target.probe().callbacks() >= expected);
        assertThat(target.probe().overlaps()).as(on("callbacks of the target that began while another ran"))
                .isZero();
        assertThat(target.probe().threads()).as(on("threads the target's callbacks ran on")).hasSize(1);
        for (Peer s : senders) {
            assertThat(s.probe().threads()).as(on("threads %s's callbacks ran on", s.id())).hasSize(1);
        }
    }

    @Test
    void postRunsOnTheNodesThreadAfterTheCurrentEvent() {
        open(seed());
        Peer a = node();
        Queue<Thread> ran = new ConcurrentLinkedQueue<>();
        AtomicBoolean inline = new AtomicBoolean();
        AtomicBoolean nestedRan = new AtomicBoolean();
        for (int i = 0; i < 10; i++) {
            a.probe().post(() -> ran.add(Thread.currentThread()));
        }
        a.probe().post(() -> {
            AtomicBoolean returned = new AtomicBoolean();
            a.probe().post(() -> {
                if (!returned.get()) {
                    inline.set(true);
                }
                nestedRan.set(true);
            });
            a.ctx().send(a.id(), new Note(1, 0));
            a.probe().schedule(10, () -> { });
            returned.set(true);
        });
        await("the posted actions, the note and the timer", () -> ran.size() == 10 && nestedRan.get()
                && a.probe().notes(1).size() == 1);
        h.pass(50);
        assertThat(a.probe().threads()).as(on("threads a's callbacks (start, posts, message, timer) ran on"))
                .hasSize(1).containsAll(ran);
        assertThat(inline).as(on("an action posted in a callback ran inside it")).isFalse();
    }

    @Test
    protected void actionsPostedFromOneThreadRunInTheOrderPosted() {
        open(seed());
        Peer a = node();
        List<Integer> fromOutside = Collections.synchronizedList(new ArrayList<>());
        List<Integer> fromInside = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 50; i++) {
            int seq = i;
            a.probe().post(() -> fromOutside.add(seq));
        }
        a.probe().post(() -> {
            for (int i = 0; i < 50; i++) {
                int seq = i;
                a.ctx().post(() -> fromInside.add(seq));
            }
        });
        await("100 posted actions", () -> fromOutside.size() == 50 && fromInside.size() == 50);
        List<Integer> expected = IntStream.range(0, 50).boxed().toList();
        assertThat(List.copyOf(fromOutside)).as(on("order of actions posted by the test")).isEqualTo(expected);
        assertThat(List.copyOf(fromInside)).as(on("order of actions posted in one callback")).isEqualTo(expected);
    }

    // ---- exit and leave ------------------------------------------------------------------------------

    @Test
    void aNodeThatLeftRunsNothingMoreAndItsLastMessageArrives() {
        open(seed());
        Peer a = node();
        Peer b = node();
        // b has not spoken to a before it leaves: its goodbye opens the way to a as b goes.
        b.probe().onLeave(() -> {
            b.ctx().send(a.id(), new Goodbye(1));
            b.ctx().exit();
        });
        b.probe().post(() -> tick(b, 20, 100));
        h.pass(50);
        h.leave(b.id());
        await("b's goodbye at a", () -> a.probe().arrivals().stream()
                .anyMatch(x -> x.message() instanceof Goodbye && x.from().equals(b.id())));
        await("b stopped", () -> !h.isRunning(b.id()));
        grace();
        int callbacks = b.probe().callbacks();
        a.probe().post(() -> sendNotes(a, b.id(), 1, 0, 20));
        b.probe().post(() -> { });
        h.pass(QUIET_MILLIS);
        assertThat(b.probe().notes(1)).as(on("notes sent to b after it left")).isEmpty();
        assertThat(b.probe().callbacks()).as(on("b's callbacks (messages, timers, posts) after it left"))
                .isEqualTo(callbacks);
    }

    @Test
    void exitFromAnyCallbackStopsTheNodeAfterThatEvent() {
        open(seed());
        Peer a = node();
        Peer b = node();
        Set<String> ranAfterExit = ConcurrentHashMap.newKeySet();
        b.probe().onReceive((from, m) -> {
            if (m instanceof Note n && n.batch() == 1) {
                b.ctx().exit();
                // The event that exits is still the node's: what it sends now goes out, but what it posts or
                // schedules now would run after it, and does not.
                b.ctx().send(from, new Goodbye(1));
                b.ctx().post(() -> ranAfterExit.add("posted"));
                b.ctx().schedule(0, () -> ranAfterExit.add("scheduled"));
            }
        });
        b.probe().post(() -> tick(b, 20, 100));
        a.probe().post(() -> a.ctx().send(b.id(), new Note(1, 0)));
        await("b's goodbye at a", () -> a.probe().arrivals().stream().anyMatch(x -> x.message() instanceof Goodbye));
        await("b stopped", () -> !h.isRunning(b.id()));
        grace();
        int callbacks = b.probe().callbacks();
        a.probe().post(() -> sendNotes(a, b.id(), 2, 0, 20));
        b.probe().post(() -> { });
        h.pass(QUIET_MILLIS);
        assertThat(b.probe().notes(2)).as(on("notes sent to b after it exited")).isEmpty();
        assertThat(b.probe().callbacks()).as(on("b's callbacks after the event that exited")).isEqualTo(callbacks);
        assertThat(ranAfterExit).as(on("actions b posted or scheduled in the event that exited, that ran")).isEmpty();
    }
}
