package io.cangrid.overlay.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Network partitions and one-way cuts: messages across them vanish, and flow again after heal(). */
public class PartitionTest {

    public record Hello(long from) implements Message {
    }

    /** Records "from->to" for every message it receives. */
    static final class Listener implements NodeProgram {
        final NodeContext ctx;
        final List<String> heard;

        Listener(NodeContext ctx, List<String> heard) {
            this.ctx = ctx;
            this.heard = heard;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            heard.add(from.value() + "->" + ctx.self().value());
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }

    private final List<String> heard = new ArrayList<>();
    private Simulation sim;
    private final List<Listener> nodes = new ArrayList<>();

    @BeforeEach
    void fiveNodes() {
        sim = new Simulation(SimulationConfig.defaults(31).withLatency(LatencyModel.constant(10)));
        for (int i = 0; i < 5; i++) {
            NodeId id = sim.addNode(ctx -> new Listener(ctx, heard));
            nodes.add(sim.program(id, Listener.class));
        }
        sim.runFor(0);
    }

    private static NodeId n(long v) {
        return NodeId.of(v);
    }

    /** Every node sends to every other node, then the network settles. */
    private void allToAll() {
        heard.clear();
        for (Listener from : nodes) {
            for (Listener to : nodes) {
                if (from != to) {
                    from.ctx.send(to.ctx.self(), new Hello(from.ctx.self().value()));
                }
            }
        }
        sim.runFor(100);
    }

    @Test
    void onlyMessagesWithinAGroupArriveWhilePartitioned() {
        // Node 4 is in no group: it forms a group of its own with any other unlisted node.
        sim.partition(List.of(Set.of(n(0), n(1)), Set.of(n(2), n(3))));
        allToAll();
        assertThat(heard).containsExactlyInAnyOrder("0->1", "1->0", "2->3", "3->2");
        assertThat(sim.messagesDropped()).isEqualTo(20 - 4);
    }

    @Test
    void unlistedNodesTogetherFormOneGroup() {
        sim.partition(List.of(Set.of(n(0), n(1), n(2))));
        allToAll();
        assertThat(heard).containsExactlyInAnyOrder("0->1", "0->2", "1->0", "1->2", "2->0", "2->1", "3->4", "4->3");
    }

    @Test
    void healingRestoresEveryPath() {
        sim.partition(List.of(Set.of(n(0), n(1)), Set.of(n(2), n(3))));
        allToAll();
        sim.heal();
        allToAll();
        assertThat(heard).hasSize(20);
        assertThat(sim.messagesSent()).isEqualTo(40);
        assertThat(sim.messagesDelivered()).isEqualTo(4 + 20);
    }

    @Test
    void aNodeAddedDuringAPartitionJoinsTheUnlistedGroup() {
        sim.partition(List.of(Set.of(n(0), n(1))));
        NodeId late = sim.addNode(ctx -> new Listener(ctx, heard));
        nodes.add(sim.program(late, Listener.class));
        sim.runFor(0);
        allToAll();
        assertThat(heard).filteredOn(s -> s.endsWith("->5"))
                .containsExactlyInAnyOrder("2->5", "3->5", "4->5");
    }

    @Test
    void aNewPartitionReplacesThePreviousOne() {
        sim.partition(List.of(Set.of(n(0)), Set.of(n(1))));
        sim.partition(List.of(Set.of(n(0), n(1))));
        allToAll();
        assertThat(heard).contains("0->1", "1->0");
    }

    @Test
    void theRuleAppliesWhenAMessageIsSent() {
        // A message already in flight when the partition starts still lands; one sent during the
        // partition is lost for good, even if the partition heals before it would have arrived.
        nodes.get(0).ctx.send(n(2), new Hello(0));
        sim.runFor(5);
        sim.partition(List.of(Set.of(n(0)), Set.of(n(2))));
        nodes.get(0).ctx.send(n(2), new Hello(0));
        sim.heal();
        sim.runFor(100);
        assertThat(heard).containsExactly("0->2");
    }

    @Test
    void aOneWayCutDropsOneDirectionOnlyUntilHealed() {
        sim.cutOneWay(n(0), n(1));
        allToAll();
        assertThat(heard).contains("1->0").doesNotContain("0->1").hasSize(19);
        sim.heal();
        allToAll();
        assertThat(heard).contains("0->1").hasSize(20);
    }

    @Test
    void aNodeInTwoGroupsIsRejected() {
        assertThatThrownBy(() -> sim.partition(List.of(Set.of(n(0), n(1)), Set.of(n(1), n(2)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("n1")
                .hasMessageContaining("two partition groups");
    }

    @Test
    void anUnknownNodeIsRejected() {
        assertThatThrownBy(() -> sim.partition(List.of(Set.of(n(99)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("n99");
    }
}
