package io.cangrid.simulator.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.FakeExperiments;
import io.cangrid.simulator.experiment.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {

    @TempDir
    Path dir;

    @Test
    void waitRatioIsSummedWaitsOverCentrals() {
        ExperimentResult result = FakeExperiments.run(FakeExperiments.small());
        SummaryDocument doc = Summaries.of(result);
        assertThat(doc.results()).hasSize(6);
        double central = 0;
        double can = 0;
        for (ResultRow row : doc.results()) {
            central += row.locator().equals("CENTRAL") ? row.meanWaitSeconds() : 0;
            can += row.locator().equals("CAN") ? row.meanWaitSeconds() : 0;
        }
        assertThat(doc.summary()).extracting(LocatorSummary::locator).containsExactly("CENTRAL", "CENTRAL-MCT", "CAN");
        assertThat(doc.summary().get(0).waitRatioToCentral()).isEqualTo(1.0);
        assertThat(doc.summary().get(2).waitRatioToCentral()).isCloseTo(can / central, within(1e-12));
        // The fake grid delays each locator by its place in the catalogue, so CAN waits longer.
        assertThat(doc.summary().get(2).waitRatioToCentral()).isGreaterThan(1.0);
    }

    @Test
    void withoutCentralThereIsNoRatioButANote() {
        SummaryDocument doc = Summaries.of(FakeExperiments.run(FakeExperiments.small("locators=[CAN]")));
        assertThat(doc.summary()).singleElement().satisfies(s -> {
            assertThat(s.waitRatioToCentral()).isNull();
            assertThat(s.note()).contains("CENTRAL");
        });
        assertThat(SummaryJson.toJson(doc)).doesNotContain("waitRatioToCentral").contains("\"note\"");
    }

    @Test
    void writesSummaryCsvPerRunAndCharts() throws IOException {
        ExperimentResult result = FakeExperiments.run(FakeExperiments.small());
        String json = SummaryJson.toJson(Summaries.of(result));
        List<Path> files = ReportWriter.write(result, json, dir.resolve("out"));
        Path out = dir.resolve("out");

        assertThat(Files.readString(out.resolve("summary.json"))).isEqualTo(json + "\n");
        JsonNode root = new ObjectMapper().readTree(json);
        assertThat(root.get("scenario").asText()).isEqualTo("small");
        assertThat(root.get("settings").get("arrivalRatesPerSecond")).hasSize(2);
        JsonNode row = root.get("results").get(0);
        for (String field : List.of("locator", "load", "jobs", "completed", "failed", "noMatch", "lost",
                "meanWaitSeconds", "p50WaitSeconds", "p95WaitSeconds", "p99WaitSeconds", "meanMatchmakingSeconds",
                "meanHops", "pushedFraction", "meanQueueAtAssignment", "utilisation", "messagesPerNodePerSecond")) {
            assertThat(row.has(field)).as(field).isTrue();
        }
        assertThat(row.has("departures")).as("no churn variants, no departures column").isFalse();
        assertThat(root.get("summary")).hasSize(3);

        for (RunResult run : result.runs()) {
            List<String> lines = Files.readAllLines(out.resolve(JobCsv.fileName(run.key())));
            assertThat(lines.get(0)).isEqualTo(JobCsv.HEADER);
            assertThat(lines).hasSize(1 + run.jobs().size());
            assertThat(lines.get(1).split(",", -1)).hasSize(JobCsv.HEADER.split(",").length);
        }
        assertThat(out.resolve("jobs-CENTRAL-MCT-load0.90.csv")).exists();

        List<Path> charts = files.stream().filter(p -> p.toString().endsWith(".png")).toList();
        assertThat(charts).extracting(p -> p.getFileName().toString()).contains("wait-vs-load.png",
                "queue-at-assignment-load0.30.png", "utilisation-load0.90.png");
        for (Path chart : charts) {
            byte[] bytes = Files.readAllBytes(chart);
            assertThat(bytes.length).isGreaterThan(1000);
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        }
    }

    @Test
    void churnVariantsGetTheirOwnRowsFilesAndCharts() throws IOException {
        ExperimentResult result = FakeExperiments.run(FakeExperiments.small("churn.departures=[0.1, 0.3]",
                "load-levels=[0.7]", "locators=[CENTRAL]"));
        SummaryDocument doc = Summaries.of(result);
        assertThat(doc.results()).extracting(ResultRow::departures).containsExactly(0.1, 0.3);
        ReportWriter.write(result, SummaryJson.toJson(doc), dir);
        assertThat(dir.resolve("jobs-CENTRAL-load0.70-departures0.30.csv")).exists();
        assertThat(dir.resolve("wait-vs-load-departures0.10.png")).exists();
        assertThat(dir.resolve("wait-vs-departures-load0.70.png")).exists();
        assertThat(ResultTable.render(doc)).contains("depart").contains("30%");
    }

    @Test
    void tableShowsEveryRunAndTheRatios() {
        SummaryDocument doc = Summaries.of(FakeExperiments.run(FakeExperiments.small()));
        String table = ResultTable.render(doc);
        assertThat(table.lines().filter(l -> l.startsWith("CENTRAL-MCT "))).as("one row per level").hasSize(2);
        assertThat(table.lines().filter(l -> l.strip().startsWith("CENTRAL-MCT "))).as("and a ratio").hasSize(3);
        int completed = doc.results().get(0).completed();
        assertThat(table).contains("scenario small, seed 1").contains("1.00x").contains(completed + "/150");
    }
}
