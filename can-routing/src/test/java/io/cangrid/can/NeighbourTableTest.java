package io.cangrid.can;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import org.junit.jupiter.api.Test;

class NeighbourTableTest {

    private final Zone whole = Zone.wholeSpace(2);
    private final Zone[] halves = whole.split(0, 0.5, 1);

    @Test
    void aNewerVersionReplacesAnOlderOneAndStaleNewsIsRecognised() {
        NeighbourTable t = new NeighbourTable();
        t.put(new NodeZones(NodeId.of(1), 3, new Zone[] {halves[0]}), 10);
        assertThat(t.isStale(new NodeZones(NodeId.of(1), 3, new Zone[] {halves[0]}))).isTrue();
        assertThat(t.isStale(new NodeZones(NodeId.of(1), 4, new Zone[] {halves[0]}))).isFalse();
        t.remove(NodeId.of(1));
        assertThat(t.isStale(new NodeZones(NodeId.of(1), 3, new Zone[] {halves[0]}))).isTrue();
        assertThat(t.isStale(new NodeZones(NodeId.of(1), 5, new Zone[] {halves[0]}))).isFalse();
    }

    @Test
    void anEqualCopyOfAClaimKeepsTheListAsItWas() {
        // Copies are what a wire delivers: an unchanged claim must not make the list look new to receivers.
        NeighbourTable t = new NeighbourTable();
        t.put(new NodeZones(NodeId.of(1), 3, new Zone[] {halves[0]}), 10);
        NodeZones[] before = t.claims();
        t.put(new NodeZones(NodeId.of(1), 3, new Zone[] {whole.split(0, 0.5, 1)[0]}), 20);
        assertThat(t.claims()).isSameAs(before);
        t.put(new NodeZones(NodeId.of(1), 4, new Zone[] {halves[0]}), 30);
        assertThat(t.claims()).isNotSameAs(before);
    }

    @Test
    void aLaterEpochWithdrawsOverlappingOlderClaimsFromOtherEntries() {
        NeighbourTable t = new NeighbourTable();
        // node 1 is still credited with the whole space; node 2 now holds the upper half, split off it.
        NeighbourEntry old = t.put(new NodeZones(NodeId.of(1), 1, new Zone[] {whole}), 0);
        NeighbourEntry fresh = t.put(new NodeZones(NodeId.of(2), 1, new Zone[] {halves[1]}), 0);
        assertThat(t.reconcile(fresh)).containsExactly(old);
        assertThat(old.zones()).isEmpty();
        assertThat(fresh.zones()).containsExactly(halves[1]);
    }

    @Test
    void anOutOfOrderOlderClaimIsNotCredited() {
        NeighbourTable t = new NeighbourTable();
        NeighbourEntry newer = t.put(new NodeZones(NodeId.of(2), 1, new Zone[] {halves[1]}), 0);
        NeighbourEntry late = t.put(new NodeZones(NodeId.of(1), 7, new Zone[] {whole}), 0);
        assertThat(t.reconcile(late)).containsExactly(late);
        assertThat(late.zones()).isEmpty();
        assertThat(newer.zones()).containsExactly(halves[1]);
    }
}
