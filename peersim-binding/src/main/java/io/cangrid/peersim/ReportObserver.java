package io.cangrid.peersim;

import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.simulator.experiment.RunSequence;
import io.cangrid.simulator.metrics.RunMetrics;
import io.cangrid.simulator.report.ResultTable;
import io.cangrid.simulator.report.ReportWriter;
import io.cangrid.simulator.report.Summaries;
import io.cangrid.simulator.report.SummaryJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import peersim.config.Configuration;
import peersim.core.Control;

/**
 * Collects each run when its PeerSim experiment ends (schedule it with {@code FINAL} only) and, after the
 * last, writes what {@code cangrid simulate} writes: summary.json, the per-job CSV files and the charts,
 * into {@code out} (default {@code results/NAME-peersim}), and prints the results table, or the summary
 * JSON when {@code json} is true.
 */
public final class ReportObserver implements Control {

    private static final Logger log = LoggerFactory.getLogger(ReportObserver.class);

    private final String out;
    private final boolean json;

    public ReportObserver(String prefix) {
        this.out = Configuration.getString(prefix + ".out", "");
        this.json = Configuration.getBoolean(prefix + ".json", false);
    }

    @Override
    public boolean execute() {
        RunSequence sequence = PeerSimSession.sequence();
        RunResult result = sequence.finishCurrent();
        RunMetrics m = result.metrics();
        log.info(String.format(Locale.ROOT, "%s: %d completed, %d lost, mean wait %.1f s, %d events, %.1f s wall",
                result.key(), m.completed(), m.lost(), m.meanWaitSeconds(), result.stats().events(),
                result.stats().wallSeconds()));
        if (sequence.complete()) {
            writeReport(sequence);
        }
        return false;
    }

    private void writeReport(RunSequence sequence) {
        Path dir = Path.of(out.isBlank() ? "results/" + sequence.plan().scenario().name() + "-peersim" : out);
        List<Path> files;
        try {
            files = ReportWriter.write(sequence.result(), SummaryJson.toJson(Summaries.of(sequence.result())), dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + dir + "; set control.NAME.out to "
                    + "a directory that can be written", e);
        }
        if (json) {
            System.out.println(SummaryJson.toJson(Summaries.of(sequence.result())));
        } else {
            System.out.print(ResultTable.render(Summaries.of(sequence.result())));
            System.out.println();
            System.out.println("wrote " + files.size() + " files into " + dir);
        }
        System.out.flush();
        double wall = sequence.result().runs().stream().mapToDouble(r -> r.stats().wallSeconds()).sum();
        log.info(String.format(Locale.ROOT, "%d runs, %.1f s wall in the runs", sequence.size(), wall));
    }
}
