package io.cangrid.simulator.run;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MatchTrace;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Counts what happened to each job, keyed by id, for assertions. */
class JobTally implements JobEvents {

    final Set<JobId> submitted = new HashSet<>();
    final Map<JobId, JobState> finished = new HashMap<>();
    final Map<JobId, String> reasons = new HashMap<>();
    final Map<JobId, Long> submittedAt = new HashMap<>();
    final Map<JobId, JobProfile> profiles = new HashMap<>();
    final Map<JobId, Long> startedAt = new HashMap<>();
    final Map<JobId, Long> endedAt = new HashMap<>();
    int duplicateFinishes;
    int rematches;
    int resubmissions;
    long hops;
    int assignments;

    @Override
    public void submitted(JobProfile job, long at) {
        if (!submitted.add(job.id())) {
            resubmissions++;
        }
        submittedAt.putIfAbsent(job.id(), at);
        profiles.putIfAbsent(job.id(), job);
    }

    @Override
    public void assigned(JobProfile job, NodeId runNode, MatchTrace trace, int queueAhead, long at) {
        assignments++;
        hops += trace.hops();
    }

    @Override
    public void started(JobProfile job, NodeId runNode, long at) {
        startedAt.putIfAbsent(job.id(), at);
    }

    @Override
    public void rematched(JobProfile job, NodeId owner, long at) {
        rematches++;
    }

    @Override
    public void finished(JobProfile job, JobState state, String reason, long at) {
        endedAt.put(job.id(), at);
        if (finished.put(job.id(), state) != null) {
            duplicateFinishes++;
        }
        if (reason != null) {
            reasons.put(job.id(), reason);
        }
    }

    long count(JobState state) {
        return finished.values().stream().filter(s -> s == state).count();
    }

    double meanWaitSeconds() {
        return startedAt.entrySet().stream().mapToLong(e -> e.getValue() - submittedAt.get(e.getKey())).average()
                .orElse(0) / 1000.0;
    }
}
