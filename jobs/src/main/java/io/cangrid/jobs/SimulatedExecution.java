package io.cangrid.jobs;

import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.Timer;

/**
 * Execution in simulated time: a job occupies the node for its work divided by the node's cpu speed
 * ({@link JobSpec#runningMillis}), not counting the time it spends suspended, and always succeeds.
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
        return new SimulatedRun(job.spec().runningMillis(cpuSpeed), done);
    }

    /** A run whose time passes only while it is not suspended, as a stopped process makes no progress. */
    private final class SimulatedRun implements Run {
        private final java.util.function.Consumer<Ended> done;
        private long remaining;
        private long resumedAt;
        private Timer timer;
        private boolean aborted;

        SimulatedRun(long millis, java.util.function.Consumer<Ended> done) {
            this.done = done;
            this.remaining = millis;
            go();
        }

        private void go() {
            resumedAt = ctx.now();
            timer = ctx.schedule(remaining, () -> done.accept(Ended.SIMULATED));
        }

        @Override
        public void abort() {
            aborted = true;
            if (timer != null) {
                timer.cancel();
                timer = null;
            }
        }

        @Override
        public void suspend() {
            if (timer != null) {
                timer.cancel();
                timer = null;
                remaining = Math.max(0, remaining - (ctx.now() - resumedAt));
            }
        }

        @Override
        public void resume() {
            if (timer == null && !aborted) {
                go();
            }
        }
    }
}
