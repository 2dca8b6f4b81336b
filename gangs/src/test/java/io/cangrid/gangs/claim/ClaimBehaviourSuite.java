package io.cangrid.gangs.claim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.contract.RuntimeHarness;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The claim of gangs written once and run on every runtime (the simulation, live nodes on 127.0.0.1,
 * PeerSim): a subclass says only which {@link RuntimeHarness} to build. What it checks comes from the nodes'
 * own records, as a live grid would be checked: when each gang was claimed and released on each node, and
 * what each coordinator heard.
 */
public abstract class ClaimBehaviourSuite {

    /** Long enough for a loaded machine's live messages, short enough to wait out in a test. */
    static final long LEASE = 2_000;
    static final long RUN = 1_000;

    private RuntimeHarness h;
    private final List<NodeId> ids = new ArrayList<>();

    /** A fresh runtime with no node; a deterministic one draws everything from {@code seed}. */
    protected abstract RuntimeHarness newRuntime(long seed);

    protected long seed() {
        return Long.getLong("cangrid.claim.seed", 3);
    }

    @AfterEach
    void stopEveryNode() {
        if (h != null) {
            h.close();
        }
    }

    private void start(int nodes) {
        h = newRuntime(seed());
        ids.clear();
        for (int i = 0; i < nodes; i++) {
            ids.add(h.add(ctx -> new ClaimNode(ctx, 1, LEASE, 0)));
        }
    }

    private String on(String what, Object... args) {
        return h.describe() + ", seed " + seed() + ": " + String.format(what, args);
    }

    private <T> T read(int node, java.util.function.Function<ClaimNode, T> what) {
        return h.call(ids.get(node), p -> what.apply((ClaimNode) p));
    }

    private List<ClaimNode.Claimed> claimsOf(int node) {
        return h.call(ids.get(node), p -> List.copyOf(((ClaimNode) p).claimed));
    }

    private List<String> heardOf(int node) {
        return h.call(ids.get(node), p -> List.copyOf(((ClaimNode) p).heard));
    }

    private List<NodeId> members(int... indexes) {
        List<NodeId> out = new ArrayList<>();
        for (int i : indexes) {
            out.add(ids.get(i));
        }
        return out;
    }

    private int holdsOn(int... nodes) {
        int n = 0;
        for (int i : nodes) {
            n += read(i, c -> c.desk.member().holds().size());
        }
        return n;
    }

    @Test
    void twoGangsOfThreeAskedForAtOnceAtDifferentPeersRunOneAfterTheOther() {
        start(4);
        List<NodeId> a = members(0, 1, 2);
        List<NodeId> b = members(1, 2, 3);
        // Each asked on its own node's thread, back to back: the same moment, as far as a runtime allows.
        ClaimNode first = read(0, c -> c);
        ClaimNode second = read(3, c -> c);
        first.ctx.post(() -> first.claim("gang-a", a, 5, RUN));
        second.ctx.post(() -> second.claim("gang-b", b, 5, RUN));
        boolean done = h.await(() -> read(0, c -> c.completed) == 1 && read(3, c -> c.completed) == 1, 60_000);
        assertThat(done).as(on("both gangs ran and were released within 60 s; coordinators heard %s and %s",
                heardOf(0), heardOf(3))).isTrue();
        h.await(() -> holdsOn(0, 1, 2, 3) == 0, 5_000);
        assertThat(holdsOn(0, 1, 2, 3)).as(on("holds left behind")).isZero();
        for (int shared : new int[] {1, 2}) {
            List<ClaimNode.Claimed> c = claimsOf(shared);
            assertThat(c).as(on("node %d's claims", shared)).hasSize(2);
            assertThat(c.get(0).to).as(on("node %d: the first gang ended before the second was claimed", shared))
                    .isPositive().isLessThanOrEqualTo(c.get(1).from);
            assertThat(c).allSatisfy(x -> assertThat(x.why).startsWith("released by its coordinator"));
        }
        // No partial allocation: each gang was claimed on all three of its members, once.
        for (String gang : List.of("gang-a", "gang-b")) {
            List<NodeId> gangMembers = gang.equals("gang-a") ? a : b;
            for (NodeId m : gangMembers) {
                long claims = read(ids.indexOf(m), n -> n.claimed.stream().filter(x -> x.gang.equals(gang)).count());
                assertThat(claims).as(on("%s claimed on %s", gang, m)).isEqualTo(1);
            }
        }
    }

    @Test
    void aCoordinatorKilledWhilePreparingFreesEveryHoldWithinOneLeaseAndAnotherOwnerClaimsTheGang() {
        start(5);
        // Node 4 hears nothing, so node 0 waits for its vote: it is in the prepare phase when it is killed.
        h.call(ids.get(4), p -> ((ClaimNode) p).deaf = true);
        ClaimNode coordinator = read(0, c -> c);
        List<NodeId> gang = members(1, 2, 3, 4);
        coordinator.ctx.post(() -> coordinator.claim("gang-g", gang, 1, RUN));
        boolean held = h.await(() -> holdsOn(1, 2, 3) == 3, 10_000);
        assertThat(held).as(on("members 1-3 held for the gang")).isTrue();
        long lastExpiry = 0;
        for (int i = 1; i <= 3; i++) {
            lastExpiry = Math.max(lastExpiry, read(i, c -> c.desk.member().holds().get(0).expiresAt()));
        }
        h.crash(ids.get(0));
        long crashedAt = read(1, c -> c.ctx.now());
        assertThat(lastExpiry).as(on("the holds end within one lease of the crash")).isLessThanOrEqualTo(crashedAt + LEASE);
        boolean freed = h.await(() -> holdsOn(1, 2, 3) == 0, LEASE + 5_000);
        assertThat(freed).as(on("every hold released once its lease ran out")).isTrue();
        for (int i = 1; i <= 3; i++) {
            assertThat(claimsOf(i)).as(on("node %d was never claimed", i)).isEmpty();
        }
        // Another owner takes the gang up, with a machine that answers in place of the one that hangs.
        ClaimNode next = read(1, c -> c);
        List<NodeId> again = members(1, 2, 3);
        next.ctx.post(() -> next.claim("gang-g", again, 1, RUN));
        boolean completed = h.await(() -> read(1, c -> c.completed) == 1, 30_000);
        assertThat(completed).as(on("the gang completed through node 1; it heard %s", heardOf(1)))
                .isTrue();
        h.await(() -> holdsOn(1, 2, 3) == 0, 5_000);
        for (int i = 1; i <= 3; i++) {
            assertThat(claimsOf(i)).as(on("node %d", i)).singleElement()
                    .satisfies(c -> assertThat(c.why).startsWith("released by its coordinator"));
        }
    }
}
