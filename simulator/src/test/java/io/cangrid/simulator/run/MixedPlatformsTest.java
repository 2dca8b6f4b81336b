package io.cangrid.simulator.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Match;
import io.cangrid.overlay.ad.Value;
import io.cangrid.simulator.experiment.Experiment;
import io.cangrid.simulator.experiment.ExperimentProgress;
import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.GridExperimentRunner;
import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.simulator.report.JobCsv;
import io.cangrid.simulator.report.ReportWriter;
import io.cangrid.simulator.report.Summaries;
import io.cangrid.simulator.report.SummaryJson;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioLoader;
import io.cangrid.simulator.scenario.ScenarioFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mixed-os.conf}, made small: machines of seven platforms publish their ads, half the jobs require a
 * platform, and under every locator no job is lost and every job that ran, ran on a machine its requirements
 * hold of, as anyone can check from the per-job CSV alone: its requirements, and the run node's capabilities,
 * operating system and architecture.
 */
class MixedPlatformsTest {

    @TempDir
    Path dir;

    @Test
    void everyJobRunsWhereItsRequirementsHoldCheckedFromTheCsv() throws IOException {
        Scenario s = ScenarioLoader.load(ScenarioFiles.DIR.resolve("mixed-os.conf"), List.of("nodes=120",
                "jobs.per-level=300", "load-levels=[0.8]", "seed=3"));
        ExperimentResult result = new Experiment(s, new GridExperimentRunner()).run(2, ExperimentProgress.NONE);
        ReportWriter.write(result, SummaryJson.toJson(Summaries.of(result)), dir);
        int constrained = 0;
        for (RunResult run : result.runs()) {
            String context = run.key().locator();
            List<String[]> rows = rows(dir.resolve(JobCsv.fileName(run.key())));
            assertThat(rows).as(context).hasSize(300);
            for (String[] r : rows) {
                String state = r[14];
                assertThat(state).as(context + ": " + String.join(",", r)).isIn("COMPLETED", "NO_MATCH");
                String requirements = r[20];
                if (!requirements.isEmpty()) {
                    constrained++;
                }
                if (!state.equals("COMPLETED")) {
                    continue;
                }
                Ad machine = Ad.EMPTY.with("CpuSpeed", Value.of(Double.parseDouble(r[17])))
                        .with("Memory", Value.of(Double.parseDouble(r[18])))
                        .with("Disk", Value.of(Double.parseDouble(r[19]) * 1024))
                        .with("OpSys", Value.of(r[21])).with("Arch", Value.of(r[22]));
                Ad job = Ad.EMPTY.with("Requirements", requirements.isEmpty() ? "true" : requirements);
                assertThat(Match.requirement(job, machine, 0).isTrue())
                        .as(context + ": job %s ran on %s/%s", r[0], r[21], r[22]).isTrue();
                assertThat(Double.parseDouble(r[17])).as(context + ": cpu of " + r[0])
                        .isGreaterThanOrEqualTo(Double.parseDouble(r[1]));
                assertThat(Double.parseDouble(r[18])).as(context + ": memory of " + r[0])
                        .isGreaterThanOrEqualTo(Double.parseDouble(r[2]));
                assertThat(Double.parseDouble(r[19])).as(context + ": disk of " + r[0])
                        .isGreaterThanOrEqualTo(Double.parseDouble(r[3]));
            }
        }
        assertThat(constrained).as("jobs requiring a platform, over all runs").isGreaterThan(100 * result.runs().size());
    }

    /** The CSV's data rows, fields split as RFC 4180 says (quoted fields may hold commas and doubled quotes). */
    private static List<String[]> rows(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).endsWith(",requirements,runOpSys,runArch");
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = !quoted;
                } else if (c == ',' && !quoted) {
                    fields.add(field.toString());
                    field.setLength(0);
                } else {
                    field.append(c);
                }
            }
            fields.add(field.toString());
            rows.add(fields.toArray(String[]::new));
        }
        return rows;
    }
}
