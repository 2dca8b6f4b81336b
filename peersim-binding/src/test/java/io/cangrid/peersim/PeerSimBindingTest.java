package io.cangrid.peersim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.bench.can.CanBenchmark;
import io.cangrid.can.geometry.SplitRule;
import io.cangrid.simulator.experiment.Experiment;
import io.cangrid.simulator.experiment.ExperimentProgress;
import io.cangrid.simulator.experiment.GridExperimentRunner;
import io.cangrid.simulator.report.LocatorSummary;
import io.cangrid.simulator.report.ResultRow;
import io.cangrid.simulator.report.Summaries;
import io.cangrid.simulator.report.SummaryDocument;
import io.cangrid.simulator.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped PeerSim configurations, run by PeerSim itself in a forked JVM on small versions of their
 * scenarios: the same report as {@code cangrid simulate}, no job lost (with churn too), results that agree
 * with the deterministic simulation's, and the CAN scale run's checks and hops as {@code bench can}'s.
 */
class PeerSimBindingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SMALL_QUICKSTART = "nodes=80;jobs.per-level=150;load-levels=[0.5,0.9];"
            + "locators=[CENTRAL,CAN,CAN-PX]";

    @Test
    void quickstartInPeerSimWritesTheReportAndAgreesWithTheSimulation(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("report");
        PeerSimProcess.Outcome o = PeerSimProcess.run(dir, 300, "scenarios/peersim/quickstart.cfg",
                "init.grid.set=" + SMALL_QUICKSTART, "simulation.experiments=6", "control.report.out=" + out);
        assertThat(o.exitCode()).as(o.stderr()).isZero();
        assertThat(o.stdout()).contains("wrote ").contains("CAN-PX");
        assertThat(out.resolve("summary.json")).exists();
        assertThat(Files.list(out).filter(p -> p.toString().endsWith(".csv")).count()).isPositive();

        JsonNode peersim = JSON.readTree(out.resolve("summary.json").toFile());
        assertThat(peersim.get("results")).hasSize(6);
        for (JsonNode row : peersim.get("results")) {
            assertThat(row.get("lost").asInt()).as("lost in %s", row).isZero();
            assertThat(row.get("completed").asInt() + row.get("noMatch").asInt()).isEqualTo(150);
        }

        SummaryDocument ours = Summaries.of(new Experiment(ScenarioLoader.load(PeerSimProcess.ROOT.resolve(
                "scenarios/quickstart.conf"), List.of(SMALL_QUICKSTART.split(";"))), new GridExperimentRunner())
                .run(2, ExperimentProgress.NONE));
        Map<String, Double> ratios = new HashMap<>();
        for (JsonNode s : peersim.get("summary")) {
            ratios.put(s.get("locator").asText(), s.get("waitRatioToCentral").asDouble());
        }
        for (LocatorSummary s : ours.summary()) {
            // Two engines order same-millisecond events differently, so the runs differ in detail; on 150
            // jobs a level the locators' standing must still be the same to within a quarter.
            assertThat(ratios.get(s.locator())).as("%s wait relative to CENTRAL", s.locator())
                    .isCloseTo(s.waitRatioToCentral(), within(0.25 * s.waitRatioToCentral() + 0.02));
        }
        for (ResultRow row : ours.results()) {
            assertThat(row.lost()).isZero();
        }
    }

    @Test
    void churnControlAppliesTheScenariosDeparturesAndNoJobIsLost(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("report");
        PeerSimProcess.Outcome o = PeerSimProcess.run(dir, 300, "scenarios/peersim/kim-dynamic.cfg",
                "init.grid.set=nodes=100;jobs.per-level=150;locators=[CAN-PX];churn.departures=[0.2]",
                "simulation.experiments=1", "control.report.out=" + out, "control.report.json=true");
        assertThat(o.exitCode()).as(o.stderr()).isZero();
        JsonNode summary = JSON.readTree(o.stdout().substring(o.stdout().indexOf('{')));
        JsonNode row = summary.get("results").get(0);
        assertThat(row.get("lost").asInt()).isZero();
        assertThat(row.get("completed").asInt()).isGreaterThan(120);
        assertThat(summary.get("settings").get("churn").get("departures").get(0).asDouble()).isEqualTo(0.2);
    }

    @Test
    void multicoreMachinesWithOwnersWhoComeBackLoseNoJobInPeerSim(@TempDir Path dir) throws Exception {
        PeerSimProcess.Outcome o = PeerSimProcess.run(dir, 300, "scenarios/peersim/multicore.cfg",
                "init.grid.set=nodes=60;jobs.per-level=120;load-levels=[0.8];locators=[CAN-PX];owners.enabled=true;"
                        + "owners.mean-available=40m;owners.mean-active=15m;owners.max-suspension=5m",
                "simulation.experiments=1", "control.report.json=true");
        assertThat(o.exitCode()).as(o.stderr()).isZero();
        JsonNode summary = JSON.readTree(o.stdout().substring(o.stdout().indexOf('{')));
        JsonNode row = summary.get("results").get(0);
        assertThat(row.get("lost").asInt()).isZero();
        assertThat(row.get("failed").asInt()).isZero();
        assertThat(row.get("completed").asInt() + row.get("noMatch").asInt()).isEqualTo(120);
        assertThat(row.get("vacates").asInt()).as("runs vacated by owners").isPositive();
        assertThat(row.has("wideP95WaitSeconds")).isTrue();
    }

    @Test
    void canScaleRunChecksTheOverlayAndRoutesAsBenchCan(@TempDir Path dir) throws Exception {
        PeerSimProcess.Outcome o = PeerSimProcess.run(dir, 300, "scenarios/peersim/can-100k.cfg",
                "init.can.nodes=3000", "init.can.dimensions=3", "init.can.probes=3000");
        assertThat(o.exitCode()).as(o.stderr()).isZero();
        JsonNode r = JSON.readTree(o.stdout().substring(o.stdout().indexOf('{')));
        assertThat(r.get("nodes").asInt()).isEqualTo(3000);
        assertThat(r.get("tilingOk").asBoolean()).isTrue();
        assertThat(r.get("neighbourTablesOk").asBoolean()).isTrue();
        assertThat(r.get("delivered").asInt()).isEqualTo(3000);

        CanBenchmark.Result bench = CanBenchmark.run(new CanBenchmark.Options(3000, 3, 1, 0,
                CanBenchmark.Points.UNIFORM, 3000, 10_000, 60, SplitRule.Policy.BALANCED), m -> { });
        assertThat(r.get("meanHops").asDouble()).isCloseTo(bench.meanHops(), within(0.05 * bench.meanHops()));
    }

    @Test
    void aConfigurationWhoseExperimentsDoNotMatchTheScenarioSaysWhatToSet(@TempDir Path dir) throws Exception {
        PeerSimProcess.Outcome o = PeerSimProcess.run(dir, 120, "scenarios/peersim/quickstart.cfg",
                "simulation.experiments=3");
        assertThat(o.exitCode()).isNotZero();
        assertThat(o.stderr()).contains("scenario quickstart has 15 runs").contains("set simulation.experiments 15");
    }
}
