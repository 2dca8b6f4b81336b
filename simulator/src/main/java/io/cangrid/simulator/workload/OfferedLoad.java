package io.cangrid.simulator.workload;

/**
 * The definition of load used throughout: offered load {@code rho = lambda x E[work] / sum of cpu}, where
 * lambda is the Poisson arrival rate (jobs per second), E[work] the mean {@link
 * io.cangrid.jobs.JobSpec#work()} (seconds on a cpu = 1.0 node, i.e. W x baseline) and the sum runs
 * over the cpu speeds of the initial nodes. At rho = 1 the grid receives work exactly as fast as all its
 * nodes together could do it, if every job could run anywhere.
 */
public final class OfferedLoad {

    private OfferedLoad() {
    }

    /** lambda in jobs per second. */
    public static double arrivalRate(double rho, double totalCpu, double meanWorkSeconds) {
        if (!(rho > 0) || !(totalCpu > 0) || !(meanWorkSeconds > 0)) {
            throw new IllegalArgumentException("load, total cpu and mean work must be positive: " + rho + ", "
                    + totalCpu + ", " + meanWorkSeconds);
        }
        return rho * totalCpu / meanWorkSeconds;
    }

    public static double rho(double arrivalRate, double totalCpu, double meanWorkSeconds) {
        return arrivalRate * meanWorkSeconds / totalCpu;
    }
}
