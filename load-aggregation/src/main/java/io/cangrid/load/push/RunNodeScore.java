package io.cangrid.load.push;

import io.cangrid.can.match.Candidate;

/** Eq. 5 (reconstructed): how good a run node a capable candidate is for a job; the minimum wins. */
public enum RunNodeScore {

    /** The default: {@code queue / cpu}. */
    QUEUE_PER_CPU("queue/cpu") {
        @Override
        public double score(Candidate c, double work) {
            return c.queueLength() / c.cpu();
        }
    },
    /** {@code (queue + 1) / cpu}: a free slow node no longer ties with a free fast one. */
    QUEUE_PLUS_ONE_PER_CPU("(queue+1)/cpu") {
        @Override
        public double score(Candidate c, double work) {
            return (c.queueLength() + 1) / c.cpu();
        }
    },
    /** Minimum completion time: {@code (queued work + W) / cpu}, in seconds. */
    MCT("mct") {
        @Override
        public double score(Candidate c, double work) {
            return c.backlogSeconds() + work / c.cpu();
        }
    };

    private final String policyName;

    RunNodeScore(String policyName) {
        this.policyName = policyName;
    }

    /** @param work the job's work in seconds at cpu 1.0 */
    public abstract double score(Candidate c, double work);

    public String policyName() {
        return policyName;
    }

    public static RunNodeScore parse(String name) {
        return PolicyNames.parse("run-node score", name, values(), RunNodeScore::policyName);
    }
}
