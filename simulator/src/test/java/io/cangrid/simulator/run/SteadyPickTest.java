package io.cangrid.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.sim.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SteadyPickTest {

    private static final List<Integer> NODES = IntStream.range(0, 40).boxed().toList();
    private static final int PICKS = 200;

    private static List<Integer> picks(long seed, int unfitAt, Integer unfit) {
        SteadyPick pick = new SteadyPick(new SplitMix64(seed));
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < PICKS; i++) {
            int turn = i;
            out.add(pick.from(NODES, n -> turn != unfitAt || !n.equals(unfit)));
        }
        return out;
    }

    @Test
    void aNodeUnfitAtOnePickMovesThatPickOnly() {
        for (long seed = 1; seed <= 20; seed++) {
            List<Integer> steady = picks(seed, -1, null);
            int at = 17;
            List<Integer> moved = picks(seed, at, steady.get(at));
            for (int i = 0; i < PICKS; i++) {
                if (i == at) {
                    assertThat(moved.get(i)).as("seed %d: the pick the unfit node was drawn for", seed)
                            .isEqualTo((steady.get(i) + 1) % NODES.size());
                } else {
                    assertThat(moved.get(i)).as("seed %d, pick %d", seed, i).isEqualTo(steady.get(i));
                }
            }
        }
    }

    @Test
    void neverPicksAnUnfitNode() {
        SteadyPick pick = new SteadyPick(new SplitMix64(3));
        for (int i = 0; i < PICKS; i++) {
            assertThat(pick.from(NODES, n -> n % 7 == 3) % 7).isEqualTo(3);
        }
    }

    @Test
    void saysSoWhenNoNodeCanBePicked() {
        SteadyPick pick = new SteadyPick(new SplitMix64(3));
        assertThatThrownBy(() -> pick.from(NODES, n -> false)).isInstanceOf(IllegalStateException.class)
                .hasMessage("none of the 40 grid nodes can be picked now");
        assertThatThrownBy(() -> pick.from(List.of(), n -> true)).isInstanceOf(IllegalStateException.class)
                .hasMessage("no grid node to pick from");
    }
}
