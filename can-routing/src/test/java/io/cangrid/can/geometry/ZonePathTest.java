package io.cangrid.can.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ZonePathTest {

    @Test
    void childParentAndSiblingAreConsistentAcrossWordBoundaries() {
        ZonePath p = ZonePath.ROOT;
        for (int i = 0; i < 130; i++) {
            ZonePath c = p.child(i % 3 == 0 ? 1 : 0);
            assertThat(c.depth()).isEqualTo(i + 1);
            assertThat(c.parent()).isEqualTo(p);
            assertThat(c.sibling().parent()).isEqualTo(p);
            assertThat(c.sibling()).isNotEqualTo(c);
            assertThat(c.isSiblingOf(c.sibling())).isTrue();
            assertThat(p.isPrefixOf(c)).isTrue();
            assertThat(c.isPrefixOf(p)).isFalse();
            assertThat(c.lastBit()).isEqualTo(i % 3 == 0 ? 1 : 0);
            p = c;
        }
    }

    @Test
    void theWireFormOfAPathRebuildsItAndRefusesStrayBits() {
        assertThat(ZonePath.fromBits(new long[] {0b101}, 3)).isEqualTo(ZonePath.ROOT.child(1).child(0).child(1));
        assertThat(ZonePath.fromBits(new long[0], 0)).isSameAs(ZonePath.ROOT);
        ZonePath deep = ZonePath.ROOT;
        for (int i = 0; i < 65; i++) {
            deep = deep.child(1);
        }
        assertThat(ZonePath.fromBits(new long[] {-1L, 1L}, 65)).isEqualTo(deep).hasSameHashCodeAs(deep);
        assertThat(deep.parent()).isEqualTo(ZonePath.fromBits(new long[] {-1L}, 64)).hasSameHashCodeAs(deep.parent());
        assertThat(deep.sibling().overlaps(deep)).isFalse();
        assertThat(deep.parent().overlaps(deep.sibling())).isTrue();
        assertThatThrownBy(() -> ZonePath.fromBits(new long[] {0b1000}, 3)).hasMessageContaining("past its depth");
        assertThatThrownBy(() -> ZonePath.fromBits(new long[2], 64)).hasMessageContaining("1 word(s), not 2");
    }

    @Test
    void overlapMeansOneIsAPrefixOfTheOther() {
        ZonePath a = ZonePath.ROOT.child(0).child(1);
        ZonePath b = ZonePath.ROOT.child(0).child(1).child(1);
        ZonePath c = ZonePath.ROOT.child(0).child(0);
        assertThat(a.overlaps(b)).isTrue();
        assertThat(b.overlaps(a)).isTrue();
        assertThat(a.overlaps(c)).isFalse();
        assertThat(ZonePath.ROOT.overlaps(c)).isTrue();
        assertThat(a.toString()).isEqualTo("/01");
    }
}
