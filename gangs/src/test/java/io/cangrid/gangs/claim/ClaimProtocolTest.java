package io.cangrid.gangs.claim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.overlay.sim.WireMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The claim of gangs, all or nothing, in the deterministic simulation: two gangs that want the same nodes,
 * coordinators that die, random mixes with lost messages, and hostile senders. The safety invariant is
 * checked at every instant the clock reaches: a member is claimed for a gang only when the gang's
 * coordinator has committed that very attempt, and no node is claimed by two gangs at once.
 */
class ClaimProtocolTest {

    private static final long LEASE = 2_000;

    private Simulation sim;
    private final List<NodeId> ids = new ArrayList<>();

    private void grid(long seed, int nodes, LatencyModel latency, double drop, WireMode wire) {
        sim = new Simulation(new SimulationConfig(seed, latency, drop, wire));
        ids.clear();
        for (int i = 0; i < nodes; i++) {
            ids.add(sim.addNode(ctx -> new ClaimNode(ctx, 1, LEASE, 0)));
        }
        sim.runFor(1);
    }

    private ClaimNode node(int i) {
        return sim.program(ids.get(i), ClaimNode.class);
    }

    private List<NodeId> members(int... indexes) {
        List<NodeId> out = new ArrayList<>();
        for (int i : indexes) {
            out.add(ids.get(i));
        }
        return out;
    }

    /** Claims on node {@code at}'s own thread, as its job roles would. */
    private void claimAt(int at, String gang, List<NodeId> members, long priority, long runMillis) {
        ClaimNode n = node(at);
        n.ctx.post(() -> n.claim(gang, members, priority, runMillis));
    }

    /** The invariant, at this instant; returns the first breach or null. */
    private String breach() {
        Map<NodeId, String> coordinatorOf = new HashMap<>();
        Map<String, ClaimCoordinator.Status> statuses = new HashMap<>();
        for (NodeId id : sim.liveNodes()) {
            for (ClaimCoordinator.Status s : sim.program(id, ClaimNode.class).desk.coordinator().claims()) {
                statuses.put(s.gang(), s);
                coordinatorOf.put(id, s.gang());
            }
        }
        for (NodeId id : sim.liveNodes()) {
            List<ClaimMember.Hold> holds = sim.program(id, ClaimNode.class).desk.member().holds();
            if (holds.size() > 1) {
                return id + " holds " + holds.size() + " gangs at once: " + holds;
            }
            for (ClaimMember.Hold h : holds) {
                if (h.phase() != ClaimMember.Phase.CLAIMED || !sim.isAlive(h.coordinator())) {
                    continue;
                }
                ClaimCoordinator.Status s = statuses.get(h.gang());
                if (s == null || s.attempt() != h.attempt() || s.phase() != ClaimCoordinator.Phase.COMMITTED) {
                    // The release, abort or loss is on its way: allowed only while a message can be in flight.
                    if (s != null && s.attempt() == h.attempt()) {
                        return id + " is claimed for " + h.gang() + " #" + h.attempt() + " but its coordinator is "
                                + s.phase();
                    }
                }
            }
        }
        return null;
    }

    /** Runs until {@code done}, checking the invariant at every instant; returns the first breach. */
    private String runChecking(java.util.function.BooleanSupplier done, long deadline) {
        String[] first = new String[1];
        boolean finished = sim.runUntil(() -> {
            if (first[0] == null) {
                first[0] = breach();
            }
            return done.getAsBoolean();
        }, deadline);
        assertThat(finished).as("finished by %d ms (breach: %s)", deadline, first[0]).isTrue();
        return first[0];
    }

    private int holdsLeft() {
        int n = 0;
        for (NodeId id : sim.liveNodes()) {
            n += sim.program(id, ClaimNode.class).desk.member().holds().size();
        }
        return n;
    }

    private static boolean overlap(ClaimNode.Claimed a, ClaimNode.Claimed b) {
        long aTo = a.to < 0 ? Long.MAX_VALUE : a.to;
        long bTo = b.to < 0 ? Long.MAX_VALUE : b.to;
        return a.from < bTo && b.from < aTo;
    }

    @Test
    void twoGangsOfThreeAskedForAtOnceAtDifferentNodesRunOneAfterTheOther() {
        for (long seed = 1; seed <= 20; seed++) {
            twoGangsAtOnce(seed, WireMode.fromSystemProperty());
        }
    }

    @Test
    void twoGangsAtOnceWithEveryMessageThroughTheWireFormat() {
        twoGangsAtOnce(3, WireMode.KRYO);
    }

    private void twoGangsAtOnce(long seed, WireMode wire) {
        grid(seed, 4, LatencyModel.uniform(1, 10), 0, wire);
        claimAt(0, "gang-a", members(0, 1, 2), 5, 1_000);
        claimAt(3, "gang-b", members(1, 2, 3), 5, 1_000);
        String breach = runChecking(() -> node(0).completed == 1 && node(3).completed == 1, 60_000);
        sim.runFor(100);
        assertThat(breach).as("seed %d", seed).isNull();
        assertThat(holdsLeft()).as("seed %d: holds left behind", seed).isZero();
        for (int shared : new int[] {1, 2}) {
            List<ClaimNode.Claimed> c = node(shared).claimed;
            assertThat(c).as("seed %d: node %d's claims", seed, shared).hasSize(2);
            assertThat(overlap(c.get(0), c.get(1))).as("seed %d: both gangs on node %d at once", seed, shared)
                    .isFalse();
            assertThat(c).allSatisfy(x -> assertThat(x.why).startsWith("released by its coordinator"));
        }
        // The second gang started after the first was released on the nodes they share, not before.
        long firstEnd = Math.min(node(1).claimed.get(0).to, node(2).claimed.get(0).to);
        long secondStart = Math.max(node(1).claimed.get(1).from, node(2).claimed.get(1).from);
        assertThat(secondStart).as("seed %d", seed).isGreaterThanOrEqualTo(firstEnd);
    }

    @Test
    void aCoordinatorKilledWhilePreparingFreesEveryHoldWithinOneLeaseAndAnotherOwnerClaimsTheGang() {
        grid(7, 4, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        claimAt(0, "gang-g", members(1, 2, 3), 1, 10_000);
        sim.runFor(2);
        sim.crash(ids.get(0));
        sim.runFor(10);
        for (int i = 1; i <= 3; i++) {
            assertThat(node(i).desk.member().holds()).as("node %d", i).singleElement()
                    .satisfies(h -> assertThat(h.phase()).isEqualTo(ClaimMember.Phase.PREPARED));
        }
        // The prepares left node 0 at 1 ms and arrived 5 ms later, after it had died.
        long expiresAt = 1 + 5 + LEASE;
        assertThat(node(2).desk.member().holds().get(0).expiresAt()).isEqualTo(expiresAt);
        sim.runUntil(expiresAt - 1);
        assertThat(holdsLeft()).as("holds still inside their lease").isEqualTo(3);
        sim.runUntil(expiresAt);
        assertThat(holdsLeft()).as("holds once the lease is over").isZero();
        claimAt(1, "gang-g", members(1, 2, 3), 1, 500);
        String breach = runChecking(() -> node(1).completed == 1, sim.now() + 10_000);
        sim.runFor(50);
        assertThat(breach).isNull();
        assertThat(node(1).heard.get(0)).startsWith("committed gang-g #1");
        for (int i = 1; i <= 3; i++) {
            assertThat(node(i).claimed).singleElement().satisfies(c -> assertThat(c.to).isPositive());
        }
    }

    @Test
    void aCoordinatorKilledWhileItsGangRunsFreesTheMembersWithinOneLease() {
        grid(8, 4, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        claimAt(0, "gang-r", members(1, 2, 3), 1, 60_000);
        sim.runUntil(() -> node(3).claimed.size() == 1, 1_000);
        long crashAt = sim.now();
        sim.crash(ids.get(0));
        sim.runUntil(crashAt + LEASE + 5);
        assertThat(holdsLeft()).isZero();
        for (int i = 1; i <= 3; i++) {
            assertThat(node(i).claimed).singleElement().satisfies(c -> {
                assertThat(c.to).isBetween(crashAt, crashAt + LEASE + 5);
                assertThat(c.why).contains("ran out with no word from coordinator");
            });
        }
    }

    @Test
    void aGangRunningLongerThanItsLeaseKeepsItsMembersWhileItsCoordinatorLives() {
        grid(14, 3, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        claimAt(0, "gang-long", members(1, 2), 1, 3 * LEASE);
        sim.runUntil(() -> node(2).claimed.size() == 1, 1_000);
        sim.runFor(2 * LEASE);
        assertThat(holdsLeft()).isEqualTo(2);
        sim.runUntil(() -> node(0).completed == 1, 4 * LEASE);
        sim.runFor(50);
        for (int i = 1; i <= 2; i++) {
            assertThat(node(i).claimed).singleElement().satisfies(c -> {
                assertThat(c.why).startsWith("released by its coordinator");
                assertThat(c.to - c.from).isGreaterThanOrEqualTo(3 * LEASE);
            });
        }
    }

    @Test
    void aRefusedClaimFreesTheMembersThatHeldForItAtOnce() {
        grid(15, 4, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        claimAt(0, "gang-busy", members(2), 1, 60_000);
        sim.runUntil(() -> node(2).claimed.size() == 1, 1_000);
        node(3).reclaim = false;
        claimAt(3, "gang-refused", members(1, 2), 2, 1_000);
        // Prepares out at once, node 2's no back after 10 ms, the aborts at node 1 5 ms later.
        sim.runFor(16);
        assertThat(node(3).heard).first().asString()
                .isEqualTo("waiting gang-refused #1: prepare refused by n2: claimed by gang gang-busy");
        assertThat(node(1).desk.member().holds()).isEmpty();
    }

    @Test
    void theGangEndsWhenItsFirstMemberEnds() {
        grid(9, 3, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        node(0).reclaim = false;
        claimAt(0, "gang-e", members(0, 1, 2), 1, 60_000);
        sim.runUntil(() -> node(2).claimed.size() == 1, 1_000);
        ClaimNode two = node(2);
        two.ctx.post(() -> two.desk.member().end("gang-e", "its process exited with 0"));
        sim.runFor(50);
        assertThat(node(0).endedWhy.get("gang-e")).isEqualTo("member n2 lost its place: its process exited with 0");
        assertThat(holdsLeft()).isZero();
        assertThat(node(1).claimed).singleElement().satisfies(c -> assertThat(c.why).startsWith("released"));
    }

    @Test
    void aFreedNodeIsKeptForTheOldestGangItHadToRefuse() {
        grid(10, 4, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        claimAt(0, "gang-x", members(1), 100, 1_000);
        sim.runFor(50);
        ClaimNode older = node(2);
        ClaimNode younger = node(3);
        NodeId one = ids.get(1);
        older.ctx.post(() -> older.ctx.send(one, prepare("gang-old", 1, ids.get(1), 5)));
        sim.runFor(50);
        sim.runUntil(() -> node(0).completed == 1, 5_000);
        sim.runFor(20);
        younger.ctx.post(() -> younger.ctx.send(one, prepare("gang-young", 1, ids.get(1), 50)));
        sim.runFor(20);
        older.ctx.post(() -> older.ctx.send(one, prepare("gang-old", 2, ids.get(1), 5)));
        sim.runFor(20);
        assertThat(older.received).containsExactly(
                "n1 ClaimVote[gang=gang-old, attempt=1, yes=false, reason=claimed by gang gang-x]",
                "n1 ClaimVote[gang=gang-old, attempt=2, yes=true, reason=]");
        assertThat(younger.received).containsExactly(
                "n1 ClaimVote[gang=gang-young, attempt=1, yes=false, reason=kept for the older gang gang-old]");
    }

    private static ClaimPrepare prepare(String gang, int attempt, NodeId member, long priority) {
        return new ClaimPrepare(gang, attempt, new NodeId[] {member}, LEASE, priority);
    }

    @Test
    void everyGangOfARandomMixIsClaimedWholeAndRunsWithLostMessages() {
        for (long seed = 1; seed <= 30; seed++) {
            grid(seed, 8, LatencyModel.uniform(1, 30), 0.02, WireMode.fromSystemProperty());
            SplittableRandom r = new SplittableRandom(seed);
            int gangs = 10;
            int[] coordinators = new int[gangs];
            for (int g = 0; g < gangs; g++) {
                int size = 2 + r.nextInt(4);
                List<Integer> pool = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
                List<NodeId> members = new ArrayList<>();
                for (int k = 0; k < size; k++) {
                    members.add(ids.get(pool.remove(r.nextInt(pool.size()))));
                }
                coordinators[g] = r.nextInt(8);
                long start = r.nextInt(300);
                int at = coordinators[g];
                String gang = "gang-" + g;
                long run = 50 + r.nextInt(350);
                sim.at(2 + start, () -> claimAt(at, gang, members, start, run));
            }
            String breach = runChecking(() -> {
                int done = 0;
                for (int i = 0; i < 8; i++) {
                    done += node(i).completed;
                }
                return done == gangs;
            }, 600_000);
            sim.runFor(LEASE + 100);
            assertThat(breach).as("seed %d", seed).isNull();
            assertThat(holdsLeft()).as("seed %d: holds left behind", seed).isZero();
            for (int i = 0; i < 8; i++) {
                List<ClaimNode.Claimed> c = node(i).claimed;
                for (int a = 0; a < c.size(); a++) {
                    for (int b = a + 1; b < c.size(); b++) {
                        assertThat(overlap(c.get(a), c.get(b))).as("seed %d: node %d claimed by %s and %s at once",
                                seed, i, c.get(a).gang, c.get(b).gang).isFalse();
                    }
                }
            }
        }
    }

    @Test
    void preparesAHostileMemberForgesAreRefusedNamingTheFaultAndHoldNothing() {
        grid(11, 4, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        ClaimNode hostile = node(3);
        NodeId one = ids.get(1);
        NodeId[] dup = {one, one};
        NodeId[] many = new NodeId[ClaimRules.MAX_MEMBERS + 1];
        for (int i = 0; i < many.length; i++) {
            many[i] = NodeId.of(1_000 + i);
        }
        many[0] = one;
        List<ClaimPrepare> forged = List.of(
                new ClaimPrepare("g", 1, new NodeId[] {one}, 0, 1),
                new ClaimPrepare("g", 1, new NodeId[] {one}, ClaimRules.MAX_LEASE_MILLIS + 1, 1),
                new ClaimPrepare("g", 1, new NodeId[] {ids.get(2)}, LEASE, 1),
                new ClaimPrepare("g", 1, dup, LEASE, 1),
                new ClaimPrepare("g", 1, many, LEASE, 1),
                new ClaimPrepare("g h", 1, new NodeId[] {one}, LEASE, 1),
                new ClaimPrepare("g", 0, new NodeId[] {one}, LEASE, 1),
                new ClaimPrepare("g", 1, new NodeId[] {one}, LEASE, -1),
                new ClaimPrepare("g", 1, null, LEASE, 1));
        for (ClaimPrepare p : forged) {
            hostile.ctx.post(() -> hostile.ctx.send(one, p));
        }
        sim.runFor(20);
        assertThat(node(1).desk.member().holds()).isEmpty();
        assertThat(hostile.received).hasSize(forged.size()).allSatisfy(v -> assertThat(v).contains("yes=false"));
        assertThat(hostile.received).containsExactly(
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: a lease of 0 ms for gang g is outside 50..600000 ms]",
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: a lease of 600001 ms for gang g is outside 50..600000 ms]",
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: gang g does not name this node n1 as a member]",
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: the gang names member n1 twice (gang g)]",
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: the gang has 4097 members; at most 4096 are allowed (gang g)]",
                "n1 ClaimVote[gang=g h, attempt=1, yes=false, reason=invalid prepare: the gang id holds ' ' at 1; ids use letters, digits and . - _ : #]",
                "n1 ClaimVote[gang=g, attempt=0, yes=false, reason=invalid prepare: attempt 0 of gang g is not a positive number]",
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: gang g has a negative priority -1]",
                "n1 ClaimVote[gang=g, attempt=1, yes=false, reason=invalid prepare: the gang has no members (gang g)]");
    }

    @Test
    void aHostileMemberCanNeitherCommitNorFreeNorVoteForAnotherCoordinatorsGang() {
        grid(12, 4, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        sim.crash(ids.get(2));
        claimAt(0, "gang-h", members(1, 2), 1, 1_000);
        sim.runFor(20);
        ClaimNode hostile = node(3);
        NodeId zero = ids.get(0);
        NodeId one = ids.get(1);
        hostile.ctx.post(() -> {
            hostile.ctx.send(one, new ClaimCommit("gang-h", 1));
            hostile.ctx.send(zero, new ClaimVote("gang-h", 1, true, ""));
        });
        sim.runFor(20);
        assertThat(node(1).desk.member().holds()).singleElement()
                .satisfies(h -> assertThat(h.phase()).isEqualTo(ClaimMember.Phase.PREPARED));
        hostile.ctx.post(() -> {
            hostile.ctx.send(one, new ClaimAbort("gang-h", 1));
            hostile.ctx.send(one, new ClaimRelease("gang-h", 1));
        });
        sim.runFor(20);
        assertThat(node(1).desk.member().holds()).singleElement();
        assertThat(node(0).desk.coordinator().status("gang-h").phase()).isEqualTo(ClaimCoordinator.Phase.PREPARING);
        sim.runUntil(LEASE / 2 + 50);
        assertThat(node(0).heard).first().asString()
                .isEqualTo("waiting gang-h #1: no vote within half a lease (1000 ms) from n2");
        assertThat(node(1).claimed).isEmpty();
    }

    @Test
    void aGangThatCannotBeClaimedIsRefusedBeforeAnythingIsSent() {
        grid(13, 2, LatencyModel.constant(5), 0, WireMode.fromSystemProperty());
        ClaimCoordinator c = node(0).desk.coordinator();
        assertThatThrownBy(() -> c.claim("g", List.of(), 1)).hasMessage("the gang has no members");
        assertThatThrownBy(() -> c.claim("g", members(1, 1), 1)).hasMessage("the gang names member n1 twice");
        assertThatThrownBy(() -> c.claim("", members(1), 1)).hasMessage("the gang has no id");
        assertThatThrownBy(() -> c.claim("g", members(1), -4))
                .hasMessage("a gang's priority is its age and cannot be negative, was -4");
        assertThatThrownBy(() -> new ClaimCoordinator.Settings(10, 0))
                .hasMessage("the lease of a gang's holds must be within 50..600000 ms, was 10");
        assertThat(c.claims()).isEmpty();
    }
}
