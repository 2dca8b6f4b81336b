package io.cangrid.gangs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The paper's scalability workload (its §6): N jobs, N workstations and L·N licences, both split into S equal
 * partitions, a licence valid only on the workstations of its partition. Every job fits every workstation,
 * so each partition holds N/S workstations and at most N/S licences and a greedy round never blocks: the
 * number of gangs is exactly L·N whatever the search, the partitions and the order of the roots.
 */
class PartitionedPoolTest {

    @ParameterizedTest(name = "N={0} L={1} S={2}")
    @CsvSource({"250, 0.5, 1", "250, 0.5, 2", "250, 0.5, 4", "250, 0.5, 8", "250, 1.0, 1", "250, 1.0, 2",
        "250, 1.0, 4", "250, 1.0, 8"})
    void everyLicenceMakesOneGang(int n, double l, int s) {
        List<GangAd> jobs = new ArrayList<>();
        List<GangAd> resources = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            jobs.add(GangAd.parse("j" + i, """
                [ Type = "Job"; Owner = "raman"; Cmd = "run_sim"; QDate = %d; Memory = 64;
                  Ports = {
                   [ Label = cpu; Constraint = cpu.Type == "Machine" && cpu.OpSys == "LINUX" && cpu.Memory >= Memory ],
                   [ Label = license; Partition = cpu.Partition;
                     Constraint = license.Type == "License" && license.App == Cmd ] } ]
                """.formatted(i)));
            resources.add(GangAd.parse("w" + i, """
                [ Type = "Machine"; OpSys = "LINUX"; Arch = "INTEL"; Memory = 256; Partition = %d;
                  Ports = { [ Label = requester; Constraint = requester.Type == "Job" && requester.Memory <= Memory ] } ]
                """.formatted(i % s)));
        }
        int licences = (int) Math.round(l * n);
        for (int i = 0; i < licences; i++) {
            resources.add(GangAd.parse("l" + i, """
                [ Type = "License"; App = "run_sim"; ValidPartition = %d;
                  Ports = { [ Label = requester; Constraint = requester.Type == "Job"
                                  && requester.Partition == ValidPartition ] } ]
                """.formatted(i % s)));
        }
        for (GangSearch search : List.of(GangSearch.leftToRight(), GangSearch.dynamic())) {
            GangMatchmaker.Round round = new GangMatchmaker(search, -1).round(jobs, Pool.of(resources));
            String context = search.getClass().getSimpleName() + ", N=" + n + " L=" + l + " S=" + s + ": "
                    + round.effort();
            assertThat(round.gangs()).as(context).hasSize(licences);
            GangmatchingTest.assertNoAdInTwoGangs(round.gangs());
        }
    }
}
