package io.cangrid.jobs.exec;

import io.cangrid.jobs.Execution;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobOutput;
import java.util.function.ToIntFunction;

/**
 * Whether a run's result fits the one message that carries it to the injection node and the owner. One that
 * does not would be refused at the sender, the owner would hear nothing and match the job again and again;
 * so it ends the job FAILED instead, saying why, with the exit code and the start of the streams, which fit.
 *
 * @param size     the encoded size of the message carrying a result with this output
 * @param maxBytes the largest message the grid carries (its frame limit, less what the message adds)
 */
public record ResultFit(ToIntFunction<JobOutput> size, int maxBytes) {

    /** What is kept of each stream of a result that did not fit. */
    static final int KEPT_OF_STREAM = 4096;

    /** No check: the simulation and tests that carry results in memory. */
    public static final ResultFit ANY = new ResultFit(o -> 0, Integer.MAX_VALUE);

    Execution.Ended check(Execution.Ended ended) {
        JobOutput out = ended.output();
        if (out == null) {
            return ended;
        }
        int bytes = size.applyAsInt(out);
        if (bytes <= maxBytes) {
            return ended;
        }
        String why = "its result of " + bytes + " bytes does not fit one message of the grid (" + maxBytes
                + " bytes, grid.max-frame-size): write less to stdout and stderr, or fewer or smaller outputs";
        String notes = (out.notes() == null ? "" : out.notes() + "; ") + why + "; outputs dropped, streams cut to "
                + KEPT_OF_STREAM + " bytes";
        JobOutput cut = new JobOutput(out.exitCode(), head(out.stdout()), head(out.stderr()), new InputFile[0], notes);
        return new Execution.Ended(ended.error() != null ? ended.error() + "; " + why : why, cut);
    }

    private static String head(String s) {
        return s.length() <= KEPT_OF_STREAM ? s : s.substring(0, KEPT_OF_STREAM);
    }
}
