package io.cangrid.gangs;

import java.util.ArrayList;
import java.util.List;

/**
 * The Gangmatching paper's scalability workload (its §6): N jobs each wanting a Linux workstation and a
 * licence of its command valid in the workstation's partition; N workstations and L·N licences, both split
 * into S equal partitions, a licence valid only on the workstations of its partition. The paper leaves the
 * ads' other attributes open; here every workstation is a Linux machine with room for every job's memory, so
 * each partition holds N/S workstations and at most N/S licences, and a greedy round never blocks: exactly
 * L·N gangs form, whatever the search, the partitions and the order of the roots.
 */
public record PartitionedWorkload(List<GangAd> jobs, List<GangAd> resources, int licences) {

    public PartitionedWorkload {
        jobs = List.copyOf(jobs);
        resources = List.copyOf(resources);
    }

    /** The workload of {@code n} jobs, {@code licencesPerJob}·n licences, {@code partitions} partitions. */
    public static PartitionedWorkload of(int n, double licencesPerJob, int partitions) {
        if (n < 1 || partitions < 1 || partitions > n || licencesPerJob < 0 || licencesPerJob > 1) {
            throw new IllegalArgumentException("the workload needs jobs >= 1, 1 <= partitions <= jobs and"
                    + " 0 <= licences per job <= 1; got jobs " + n + ", partitions " + partitions
                    + ", licences per job " + licencesPerJob);
        }
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
                """.formatted(i % partitions)));
        }
        int licences = (int) Math.round(licencesPerJob * n);
        for (int i = 0; i < licences; i++) {
            resources.add(GangAd.parse("l" + i, """
                [ Type = "License"; App = "run_sim"; ValidPartition = %d;
                  Ports = { [ Label = requester; Constraint = requester.Type == "Job"
                                  && requester.Partition == ValidPartition ] } ]
                """.formatted(i % partitions)));
        }
        return new PartitionedWorkload(jobs, resources, licences);
    }

    /** One round of the matchmaker with {@code search} over a fresh pool of this workload's resources. */
    public GangMatchmaker.Round round(GangSearch search) {
        return new GangMatchmaker(search, -1).round(jobs, Pool.of(resources));
    }
}
