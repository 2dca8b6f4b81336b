package io.cangrid.simulator.report;

import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.RunResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes an experiment's report into a directory: {@code summary.json}, one CSV per run, the charts. */
public final class ReportWriter {

    public static final String SUMMARY_FILE = "summary.json";

    private ReportWriter() {
    }

    /**
     * @param json the summary as {@link SummaryJson} renders it, written verbatim
     * @return the files written
     */
    public static List<Path> write(ExperimentResult result, String json, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        Path summary = dir.resolve(SUMMARY_FILE);
        Files.writeString(summary, json + "\n", StandardCharsets.UTF_8);
        files.add(summary);
        for (RunResult run : result.runs()) {
            Path csv = dir.resolve(JobCsv.fileName(run.key()));
            try (Writer out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                JobCsv.write(run, out);
            }
            files.add(csv);
        }
        files.addAll(ReportCharts.write(result, dir));
        return files;
    }
}
