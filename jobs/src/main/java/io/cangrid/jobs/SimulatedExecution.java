package io.cangrid.jobs;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.Timer;

/**
 * Execution in simulated time: a job occupies the node for its work divided by the node's cpu speed
 * ({@link JobSpec#runningMillis}) and always succeeds.
 */
public final class SimulatedExecution implements Execution {

    private final NodeContext ctx;
    private final double cpuSpeed;

    public SimulatedExecution(NodeContext ctx, double cpuSpeed) {
        if (!(cpuSpeed > 0) || Double.isInfinite(cpuSpeed)) {
            throw new IllegalArgumentException("cpu speed must be finite and positive, was " + cpuSpeed);
        }
        this.ctx = ctx;
        this.cpuSpeed = cpuSpeed;
    }

    @Override
    public Run start(JobProfile job, java.util.function.Consumer<Ended> done) {
        Timer timer = ctx.schedule(job.spec().runningMillis(cpuSpeed), () -> done.accept(Ended.SIMULATED));
        return timer::cancel;
    }
}
