package io.cangrid.cli.simulate;

import io.cangrid.simulator.experiment.ExperimentProgress;
import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr counting the jobs of all runs, or nothing at all: a bar is only worth drawing
 * on a terminal, and its carriage returns would litter a log file or a pipe.
 */
final class ProgressDisplay implements ExperimentProgress, AutoCloseable {

    private static final int UPDATE_MILLIS = 250;

    private final ProgressBar bar;

    private ProgressDisplay(ProgressBar bar) {
        this.bar = bar;
    }

    /** A bar when {@code show} holds, else a display that shows nothing. */
    static ProgressDisplay create(boolean show, String task, long totalJobs, PrintStream err) {
        if (!show) {
            return new ProgressDisplay(null);
        }
        return new ProgressDisplay(new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(totalJobs)
                .setUnit(" jobs", 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(UPDATE_MILLIS)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .build());
    }

    /**
     * Java cannot ask whether stderr alone is a terminal; a console exists only when the process talks to
     * one, which is the case that matters.
     */
    static boolean onTerminal() {
        return System.console() != null;
    }

    @Override
    public void jobsDone(long jobs) {
        if (bar != null) {
            bar.stepBy(jobs);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
