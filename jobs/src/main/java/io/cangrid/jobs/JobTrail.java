package io.cangrid.jobs;

import java.util.List;

/**
 * Where a node keeps the {@link ExplainStep}s it took about each job. Recording must never change what the
 * protocols decide: callers build a step only when {@link #recording()} says so, and a trail takes no time,
 * randomness or messages from the node. The simulation runs with {@link #NONE}; live nodes keep a bounded
 * trail ({@link CachedJobTrail}).
 */
public interface JobTrail {

    /** Records nothing and knows nothing. */
    JobTrail NONE = new JobTrail() {
        @Override
        public boolean recording() {
            return false;
        }

        @Override
        public void add(JobId job, ExplainStep step) {
            // Simulations explain nothing: recording would cost time for no reader.
        }

        @Override
        public List<ExplainStep> steps(JobId job) {
            return List.of();
        }
    };

    /** Whether steps are kept at all; when false, callers skip building them. */
    boolean recording();

    void add(JobId job, ExplainStep step);

    /** The steps this node kept of {@code job}, oldest first. */
    List<ExplainStep> steps(JobId job);
}
