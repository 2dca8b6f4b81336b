package io.cangrid.simulator.gangs;

import java.util.List;

/** A gangmatching scenario as read: every combination of its lists is one cell of the experiment. */
public record GangScenario(String name, String source, List<Integer> jobs, List<Double> licencesPerJob,
                           List<Integer> partitions, List<GangSearchKind> searches) {

    public GangScenario {
        jobs = List.copyOf(jobs);
        licencesPerJob = List.copyOf(licencesPerJob);
        partitions = List.copyOf(partitions);
        searches = List.copyOf(searches);
    }
}
