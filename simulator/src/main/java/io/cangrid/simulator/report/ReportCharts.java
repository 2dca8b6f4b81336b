package io.cangrid.simulator.report;

import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.simulator.metrics.JobOutcome;
import io.cangrid.simulator.metrics.UtilisationSeries;
import io.cangrid.simulator.scenario.ChurnVariant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The PNG charts of an experiment: mean wait against load (all locators on one chart, one chart per churn
 * variant), with churn variants also mean wait against the departing fraction, and per load level the
 * distribution of queue lengths at assignment and busy nodes over time.
 */
final class ReportCharts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 540;
    private static final int UTILISATION_BUCKETS = 200;
    /** Longer queues are rare and would flatten the rest of the distribution; they share the last point. */
    private static final int MAX_QUEUE_SHOWN = 30;

    private ReportCharts() {
    }

    /** Writes every chart into {@code dir}; returns the files written (a chart with nothing to draw is skipped). */
    static List<Path> write(ExperimentResult result, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        if (result.scenario().churn().hasVariants()) {
            for (int level = 0; level < result.scenario().loadLevels().size(); level++) {
                save(departuresChart(result, level), dir.resolve(String.format(Locale.ROOT,
                        "wait-vs-departures-load%.2f.png", result.scenario().loadLevels().get(level))), files);
            }
        }
        for (ChurnVariant variant : result.scenario().churn().variants()) {
            String suffix = variant.isStatic() ? "" : "-" + variant.label();
            save(waitChart(result, variant), dir.resolve("wait-vs-load" + suffix + ".png"), files);
            for (int level = 0; level < result.scenario().loadLevels().size(); level++) {
                String name = String.format(Locale.ROOT, "-load%.2f%s.png", result.scenario().loadLevels().get(level),
                        suffix);
                List<RunResult> runs = runsAt(result, level, variant);
                save(queueChart(runs), dir.resolve("queue-at-assignment" + name), files);
                save(utilisationChart(runs), dir.resolve("utilisation" + name), files);
            }
        }
        return files;
    }

    private static XYChart waitChart(ExperimentResult result, ChurnVariant variant) {
        XYChart chart = chart("Mean wait by load" + title(variant), "offered load", "mean wait (s)");
        for (String locator : result.scenario().locators()) {
            List<double[]> points = new ArrayList<>();
            for (RunResult run : result.runs()) {
                if (run.key().locator().equals(locator) && run.key().variant().equals(variant)) {
                    points.add(new double[] {run.key().load(), run.metrics().meanWaitSeconds()});
                }
            }
            addSeries(chart, locator, points);
        }
        return chart;
    }

    private static XYChart departuresChart(ExperimentResult result, int level) {
        XYChart chart = chart(String.format(Locale.ROOT, "Mean wait by departures, load %.2f",
                result.scenario().loadLevels().get(level)), "fraction of nodes departing", "mean wait (s)");
        for (String locator : result.scenario().locators()) {
            List<double[]> points = new ArrayList<>();
            for (RunResult run : result.runs()) {
                if (run.key().locator().equals(locator) && run.key().loadIndex() == level) {
                    points.add(new double[] {run.key().variant().departures(), run.metrics().meanWaitSeconds()});
                }
            }
            addSeries(chart, locator, points);
        }
        return chart;
    }

    private static XYChart queueChart(List<RunResult> runs) {
        XYChart chart = chart("Queue length at assignment" + title(runs.get(0)), "jobs queued or running ahead",
                "fraction of assigned jobs");
        for (RunResult run : runs) {
            double[] counts = new double[MAX_QUEUE_SHOWN + 1];
            int assigned = 0;
            int longest = 0;
            for (JobOutcome o : run.jobs()) {
                if (o.wasAssigned()) {
                    int q = Math.min(MAX_QUEUE_SHOWN, o.queueAhead());
                    counts[q]++;
                    longest = Math.max(longest, q);
                    assigned++;
                }
            }
            List<double[]> points = new ArrayList<>();
            for (int q = 0; q <= Math.max(1, longest) && assigned > 0; q++) {
                points.add(new double[] {q, counts[q] / assigned});
            }
            addSeries(chart, run.key().locator(), points);
        }
        return chart;
    }

    private static XYChart utilisationChart(List<RunResult> runs) {
        XYChart chart = chart("Busy nodes over time" + title(runs.get(0)), "hours since the first arrival",
                "fraction of nodes busy");
        for (RunResult run : runs) {
            long start = run.stats().workloadStartMillis();
            UtilisationSeries series = run.utilisation();
            List<double[]> points = new ArrayList<>();
            for (UtilisationSeries.Sample s : series.sample(start, run.stats().endMillis(), UTILISATION_BUCKETS)) {
                points.add(new double[] {s.seconds() / 3600.0, s.busyFraction()});
            }
            addSeries(chart, run.key().locator(), points);
        }
        return chart;
    }

    private static List<RunResult> runsAt(ExperimentResult result, int level, ChurnVariant variant) {
        List<RunResult> runs = new ArrayList<>();
        for (RunResult run : result.runs()) {
            if (run.key().loadIndex() == level && run.key().variant().equals(variant)) {
                runs.add(run);
            }
        }
        return runs;
    }

    private static String title(ChurnVariant variant) {
        return variant.isStatic() ? "" : String.format(Locale.ROOT, ", %.0f%% departures", variant.departures() * 100);
    }

    private static String title(RunResult run) {
        return String.format(Locale.ROOT, ", load %.2f", run.key().load()) + title(run.key().variant());
    }

    private static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        // Below the plot: a legend inside it hid the data points that fell under it.
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        return chart;
    }

    /** Undefined points (NaN: nothing to measure) are left out; a series with no point is not drawn. */
    private static void addSeries(XYChart chart, String name, List<double[]> points) {
        List<double[]> defined = new ArrayList<>();
        for (double[] p : points) {
            if (Double.isFinite(p[0]) && Double.isFinite(p[1])) {
                defined.add(p);
            }
        }
        if (defined.isEmpty()) {
            return;
        }
        double[] x = new double[defined.size()];
        double[] y = new double[defined.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = defined.get(i)[0];
            y[i] = defined.get(i)[1];
        }
        chart.addSeries(name, x, y).setMarker(x.length > 40 ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
    }

    private static void save(XYChart chart, Path file, List<Path> written) throws IOException {
        if (chart.getSeriesMap().isEmpty()) {
            return;
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        written.add(file);
    }
}
