package io.cangrid.jobs;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A live node's {@link JobTrail}: the steps of the most recent jobs, bounded three ways so that a busy node
 * never grows without end: at most {@code maxJobs} jobs (the least recently used go first), each kept for
 * {@code retention} after its last step (or the last look at it), and at most {@link #MAX_STEPS} steps per job (the oldest go first,
 * save the first few, which say how the job arrived) of at most {@link #MAX_DETAIL} characters each.
 */
public final class CachedJobTrail implements JobTrail {

    public static final int DEFAULT_JOBS = 10_000;
    public static final Duration DEFAULT_RETENTION = Duration.ofHours(24);
    public static final int MAX_STEPS = 64;
    /** Steps kept from a job's start however many follow: how it arrived stays explained. */
    static final int FIRST_KEPT = 8;
    public static final int MAX_DETAIL = 600;

    private final Cache<JobId, Steps> jobs;

    public CachedJobTrail() {
        this(DEFAULT_JOBS, DEFAULT_RETENTION);
    }

    public CachedJobTrail(int maxJobs, Duration retention) {
        // Evictions run on the calling thread: a trail starts no threads of its own. Kept from the last access
        // rather than the last write: a step is added through a read, which costs a busy node far less than a
        // write would, and a job still moving stays kept all the same.
        this.jobs = Caffeine.newBuilder().maximumSize(maxJobs).expireAfterAccess(retention).executor(Runnable::run)
                .build();
    }

    @Override
    public boolean recording() {
        return true;
    }

    @Override
    public void add(JobId job, ExplainStep step) {
        ExplainStep bounded = step.detail() != null && step.detail().length() > MAX_DETAIL
                ? new ExplainStep(step.node(), step.at(), step.kind(),
                        step.detail().substring(0, MAX_DETAIL - 1) + "…", step.next(), step.from())
                : step;
        Steps steps = jobs.getIfPresent(job);
        (steps != null ? steps : jobs.get(job, id -> new Steps())).add(bounded);
    }

    @Override
    public List<ExplainStep> steps(JobId job) {
        Steps steps = jobs.getIfPresent(job);
        return steps == null ? List.of() : steps.list();
    }

    /** How many jobs are kept now (Caffeine evicts lazily; this settles it first). */
    long jobsKept() {
        jobs.cleanUp();
        return jobs.estimatedSize();
    }

    /** One job's steps: the first {@link #FIRST_KEPT}, then the newest, {@link #MAX_STEPS} in all. */
    private static final class Steps {
        private final ArrayDeque<ExplainStep> first = new ArrayDeque<>(FIRST_KEPT);
        private final ArrayDeque<ExplainStep> latest = new ArrayDeque<>();

        synchronized Steps add(ExplainStep step) {
            if (first.size() < FIRST_KEPT) {
                first.addLast(step);
            } else {
                if (latest.size() >= MAX_STEPS - FIRST_KEPT) {
                    latest.removeFirst();
                }
                latest.addLast(step);
            }
            return this;
        }

        synchronized List<ExplainStep> list() {
            ExplainStep[] all = new ExplainStep[first.size() + latest.size()];
            int i = 0;
            for (ExplainStep s : first) {
                all[i++] = s;
            }
            for (ExplainStep s : latest) {
                all[i++] = s;
            }
            return List.of(all);
        }
    }
}
