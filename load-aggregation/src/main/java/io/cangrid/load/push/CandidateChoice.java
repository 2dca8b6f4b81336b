package io.cangrid.load.push;

import io.cangrid.can.match.Candidate;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** How CAN-P picks among capable candidates: the paper's rules and CAN-PX's best-fit variants. */
final class CandidateChoice {

    private final ResourceSchema schema;
    private final RunNodeScore score;

    CandidateChoice(ResourceSchema schema, RunNodeScore score) {
        this.schema = schema;
        this.score = score;
    }

    /** The paper's first stopping rule: the fastest free candidate, or null. */
    static Candidate fastestFree(List<Candidate> capable) {
        Candidate best = null;
        for (Candidate c : capable) {
            if (c.isFree() && (best == null || c.cpu() > best.cpu())) {
                best = c;
            }
        }
        return best;
    }

    /** The candidate of node {@code id} among these, or null when that node is not among them. */
    static Candidate of(List<Candidate> capable, NodeId id) {
        for (Candidate c : capable) {
            if (c.id().equals(id)) {
                return c;
            }
        }
        return null;
    }

    /** argmin Score over the candidates here and the best one carried so far (ties: faster cpu). */
    Candidate bestScoring(List<Candidate> capable, Candidate carried, double work) {
        Candidate best = carried;
        double bestScore = carried == null ? Double.POSITIVE_INFINITY : score.score(carried, work);
        for (Candidate c : capable) {
            double value = score.score(c, work);
            if (value < bestScore || (value == bestScore && best != null && c.cpu() > best.cpu())) {
                best = c;
                bestScore = value;
            }
        }
        return best;
    }

    /**
     * The free candidate least over-provisioned for the job (ties: faster), or null: big nodes stay free for
     * big jobs.
     */
    Candidate bestFitFree(List<Candidate> capable, JobProfile job) {
        Candidate best = null;
        for (Candidate c : capable) {
            if (c.isFree() && (best == null || fitsBetter(c, best, job))) {
                best = c;
            }
        }
        return best;
    }

    /**
     * Where the job starts soonest by the published backlogs, ties to the best fit; over the candidates here
     * and the one carried. For a job whose capable machines are all busy the one that frees first wins, not
     * the one whose queue happens to be as short as the others'.
     */
    Candidate soonestStartBestFit(List<Candidate> capable, Candidate carried, JobProfile job) {
        return leastThenBestFit(capable, carried, job, Candidate::backlogSeconds);
    }

    /** Shortest queue, ties to the best fit, then the faster cpu; over the candidates here and the one carried. */
    Candidate shortestQueueBestFit(List<Candidate> capable, Candidate carried, JobProfile job) {
        return leastThenBestFit(capable, carried, job, Candidate::queueLength);
    }

    private Candidate leastThenBestFit(List<Candidate> capable, Candidate carried, JobProfile job,
            ToDoubleFunction<Candidate> key) {
        Candidate best = carried;
        for (Candidate c : capable) {
            if (best == null || key.applyAsDouble(c) < key.applyAsDouble(best)
                    || (key.applyAsDouble(c) == key.applyAsDouble(best) && fitsBetter(c, best, job))) {
                best = c;
            }
        }
        return best;
    }

    private boolean fitsBetter(Candidate a, Candidate b, JobProfile job) {
        double sa = surplus(a, job);
        double sb = surplus(b, job);
        return sa < sb || (sa == sb && a.cpu() > b.cpu());
    }

    /**
     * How far the candidate's normalised capabilities exceed the job's normalised requirements, summed. In the
     * cores dimension, where the schema has one, a candidate offers its free cores: the tightest fit packs
     * jobs onto partly used machines and keeps whole ones for wide jobs.
     */
    double surplus(Candidate c, JobProfile job) {
        int coresDimension = schema.indexOf(ResourceSchema.CORES);
        double sum = 0;
        for (int d = 0; d < schema.realDimensions(); d++) {
            double offered = d == coresDimension ? c.freeCores() : c.capabilities().get(d);
            sum += schema.dimension(d).normalise(offered)
                    - schema.dimension(d).normalise(job.spec().requirements().get(d));
        }
        return sum;
    }
}
