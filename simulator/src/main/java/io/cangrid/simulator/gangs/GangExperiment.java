package io.cangrid.simulator.gangs;

import io.cangrid.gangs.GangMatchmaker;
import io.cangrid.gangs.PartitionedWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Runs every cell of a gangmatching scenario: the workload of its size, licence ratio and partitions, one
 * matchmaking round per search. The counts are exact and the same on every run; the clock, which the caller
 * supplies, only times the rounds.
 */
public final class GangExperiment {

    /** One cell: what formed, what must have, and what it cost. */
    public record Row(int jobs, double licencesPerJob, int partitions, GangSearchKind search, int gangs,
                      int expectedGangs, boolean exact, long probes, long evaluations, double seconds) {
    }

    private GangExperiment() {
    }

    public static List<Row> run(GangScenario scenario, LongSupplier nanoClock, Consumer<Row> progress) {
        List<Row> rows = new ArrayList<>();
        for (int jobs : scenario.jobs()) {
            for (double ratio : scenario.licencesPerJob()) {
                for (int partitions : scenario.partitions()) {
                    PartitionedWorkload workload = PartitionedWorkload.of(jobs, ratio, partitions);
                    for (GangSearchKind search : scenario.searches()) {
                        long start = nanoClock.getAsLong();
                        GangMatchmaker.Round round = workload.round(search.search());
                        double seconds = (nanoClock.getAsLong() - start) / 1e9;
                        int gangs = round.gangs().size();
                        Row row = new Row(jobs, ratio, partitions, search, gangs, workload.licences(),
                                gangs == workload.licences(), round.effort().probes(), round.effort().evaluations(),
                                seconds);
                        rows.add(row);
                        progress.accept(row);
                    }
                }
            }
        }
        return rows;
    }
}
