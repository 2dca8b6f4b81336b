package io.cangrid.gangs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The paper's scalability workload ({@link PartitionedWorkload}): exactly L·N gangs, whatever the search. */
class PartitionedPoolTest {

    @ParameterizedTest(name = "N={0} L={1} S={2}")
    @CsvSource({"250, 0.5, 1", "250, 0.5, 2", "250, 0.5, 4", "250, 0.5, 8", "250, 1.0, 1", "250, 1.0, 2",
        "250, 1.0, 4", "250, 1.0, 8"})
    void everyLicenceMakesOneGang(int n, double l, int s) {
        PartitionedWorkload workload = PartitionedWorkload.of(n, l, s);
        for (GangSearch search : List.of(GangSearch.leftToRight(), GangSearch.dynamic())) {
            GangMatchmaker.Round round = workload.round(search);
            String context = search.getClass().getSimpleName() + ", N=" + n + " L=" + l + " S=" + s + ": "
                    + round.effort();
            assertThat(round.gangs()).as(context).hasSize(workload.licences());
            GangmatchingTest.assertNoAdInTwoGangs(round.gangs());
        }
    }
}
