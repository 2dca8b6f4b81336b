package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.ListedClaims;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The neighbour list as it travels: a base now and then, changes in between (NeighbourState). */
class IncrementalListTest {

    private static final NodeId SENDER = NodeId.of(100);
    private static final Zone WHOLE = Zone.wholeSpace(2);

    private static NodeZones claim(int node, long version) {
        return new NodeZones(NodeId.of(node), version, new Zone[] {WHOLE.reissued(version)});
    }

    /** The sender's side: its list log and the state message it would send. */
    private static final class Sender {
        final ListLog log = new ListLog();

        NeighbourState state(boolean withBase) {
            return new NeighbourState(new NodeZones(SENDER, 1, new Zone[] {WHOLE}), Point.of(0.5, 0.5),
                    new Capabilities(), withBase ? log.base() : null, log.baseVersion(), log.changed(), log.dropped(),
                    log.version(), null);
        }
    }

    private static NeighbourEntry receiver() {
        return new NeighbourEntry(SENDER, new NodeZones(SENDER, 1, new Zone[] {WHOLE}), 0);
    }

    private static List<Long> nodes(NodeZones[] claims) {
        return Arrays.stream(claims).map(c -> c.node().value()).sorted().toList();
    }

    @Test
    void changesApplyToTheBaseAndOnlyNewClaimsAreNews() {
        Sender s = new Sender();
        s.log.list(new NodeZones[] {claim(1, 1), claim(2, 1), claim(3, 1)});
        s.log.rebase();
        NeighbourEntry r = receiver();
        assertThat(nodes(r.absorbList(s.state(true)))).containsExactly(1L, 2L, 3L);

        s.log.list(new NodeZones[] {claim(1, 1), claim(2, 2), claim(4, 1)});
        NeighbourState changes = s.state(false);
        assertThat(changes.changed()).extracting(NodeZones::version).containsExactly(2L, 1L);
        assertThat(changes.dropped()).containsExactly(NodeId.of(3));
        assertThat(nodes(r.absorbList(changes))).containsExactly(2L, 4L);
        assertThat(nodes(r.listed())).containsExactly(1L, 2L, 4L);
        assertThat(r.absorbList(changes)).as("the same changes again").isEmpty();

        // More changes accumulate against the same base; those already read are not news again.
        s.log.list(new NodeZones[] {claim(1, 1), claim(2, 2), claim(4, 1), claim(5, 1)});
        assertThat(nodes(r.absorbList(s.state(false)))).containsExactly(5L);
        assertThat(nodes(r.listed())).containsExactly(1L, 2L, 4L, 5L);
    }

    @Test
    void changesToABaseNotHeldAskForIt() {
        Sender s = new Sender();
        s.log.list(new NodeZones[] {claim(1, 1)});
        s.log.rebase();
        NeighbourEntry r = receiver();
        assertThat(r.absorbList(s.state(false))).as("no base held").isNull();
        r.absorbList(s.state(true));
        s.log.list(new NodeZones[] {claim(1, 1), claim(2, 1)});
        s.log.rebase();
        s.log.list(new NodeZones[] {claim(2, 1)});
        assertThat(r.absorbList(s.state(false))).as("the new base was lost").isNull();
        assertThat(nodes(r.listed())).as("the old list stays until the base comes").containsExactly(1L);
    }

    @Test
    void messagesOvertakenInFlightChangeNothing() {
        Sender s = new Sender();
        s.log.list(new NodeZones[] {claim(1, 1)});
        s.log.rebase();
        NeighbourState firstBase = s.state(true);
        s.log.list(new NodeZones[] {claim(1, 1), claim(2, 1)});
        NeighbourState older = s.state(false);
        s.log.list(new NodeZones[] {claim(1, 1), claim(2, 1), claim(3, 1)});
        NeighbourState newer = s.state(false);
        NeighbourEntry r = receiver();
        r.absorbList(firstBase);
        r.absorbList(newer);
        assertThat(r.absorbList(older)).isEmpty();
        assertThat(nodes(r.listed())).containsExactly(1L, 2L, 3L);
        s.log.rebase();
        NeighbourState secondBase = s.state(true);
        r.absorbList(secondBase);
        assertThat(r.absorbList(firstBase)).as("an older base").isEmpty();
        assertThat(nodes(r.listed())).containsExactly(1L, 2L, 3L);
    }

    @Test
    void anUnchangedListKeepsItsNumber() {
        ListLog log = new ListLog();
        log.list(new NodeZones[] {claim(1, 1)});
        long v = log.version();
        log.list(new NodeZones[] {claim(1, 1)});
        assertThat(log.version()).as("an equal copy").isEqualTo(v);
        log.list(new NodeZones[] {claim(1, 2)});
        assertThat(log.version()).isEqualTo(v + 1);
    }

    /**
     * Whatever the network loses or reorders, a receiver's list is always one the sender really had (the
     * one numbered by the message it last applied), and once a base and the messages after it arrive in
     * order the receiver holds the sender's current list.
     */
    @Test
    void underLossAndReorderingTheReceiverHoldsListsTheSenderHad() {
        for (long seed = 1; seed <= 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Sender s = new Sender();
            List<NodeZones[]> history = new ArrayList<>();
            history.add(ListedClaims.NONE);
            NodeZones[] current = ListedClaims.NONE;
            NeighbourEntry r = receiver();
            List<NeighbourState> inFlight = new ArrayList<>();
            for (int step = 0; step < 60; step++) {
                current = evolve(current, random);
                s.log.list(current);
                while (history.size() <= s.log.version()) {
                    history.add(current);
                }
                boolean rebase = !s.log.hasBase() || random.nextInt(6) == 0;
                if (rebase) {
                    s.log.rebase();
                }
                inFlight.add(s.state(rebase || random.nextInt(10) == 0));
                while (!inFlight.isEmpty() && random.nextInt(3) > 0) {
                    NeighbourState m = inFlight.remove(random.nextInt(inFlight.size()));
                    if (random.nextInt(5) == 0) {
                        continue;
                    }
                    NodeZones[] news = r.absorbList(m);
                    if (news == null) {
                        // The sender answers a request with its base and changes, in order this time.
                        NeighbourState answer = s.state(true);
                        assertThat(r.absorbList(answer)).as("seed " + seed).isNotNull();
                    }
                    assertThat(nodes(r.listed())).as("seed " + seed + ": a list the sender had")
                            .isIn(history.stream().map(IncrementalListTest::nodes).toList());
                }
            }
            s.log.rebase();
            r.absorbList(s.state(true));
            assertThat(nodes(r.listed())).as("seed " + seed + ": caught up").isEqualTo(nodes(current));
        }
    }

    private static NodeZones[] evolve(NodeZones[] list, SplittableRandom random) {
        List<NodeZones> next = new ArrayList<>(Arrays.asList(list));
        int op = random.nextInt(4);
        if (op == 0 && !next.isEmpty()) {
            next.remove(random.nextInt(next.size()));
        } else if (op == 1 && !next.isEmpty()) {
            int i = random.nextInt(next.size());
            NodeZones c = next.get(i);
            next.set(i, claim((int) c.node().value(), c.version() + 1));
        } else if (op == 2) {
            int node = 1 + random.nextInt(12);
            if (next.stream().noneMatch(c -> c.node().value() == node)) {
                next.add(claim(node, 1 + random.nextInt(3)));
            }
        }
        next.sort(Comparator.comparingLong(c -> c.node().value()));
        return next.toArray(ListedClaims.NONE);
    }
}
