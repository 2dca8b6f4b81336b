package io.cangrid.cli.simulate;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.common.Validation;
import io.cangrid.simulator.experiment.Experiment;
import io.cangrid.simulator.experiment.ExperimentResult;
import io.cangrid.simulator.experiment.GridExperimentRunner;
import io.cangrid.simulator.experiment.LevelRunner;
import io.cangrid.simulator.report.ReportWriter;
import io.cangrid.simulator.report.ResultTable;
import io.cangrid.simulator.report.Summaries;
import io.cangrid.simulator.report.SummaryDocument;
import io.cangrid.simulator.report.SummaryJson;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioException;
import io.cangrid.simulator.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cangrid simulate}: every locator of a scenario on every load level, in the deterministic simulation. */
@Command(name = "simulate",
        description = {"Run the experiment a scenario file defines: every locator on every load level (and churn "
                + "variant), on the same workload and seed, in the deterministic simulation. Prints a table of "
                + "results and writes summary.json, per-job CSV files and PNG charts into the output directory.",
            "Scenario keys and their defaults: scenarios/base.conf."})
public final class SimulateCommand implements Callable<Integer> {

    private static final DateTimeFormatter RUN_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Parameters(index = "0", paramLabel = "SCENARIO",
            description = "Scenario file, e.g. scenarios/quickstart.conf (a bare name is looked up in scenarios/).")
    private String scenarioArgument;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a scenario key, e.g. --set nodes=500 --set load-levels=[0.5,0.9]; repeatable.")
    private List<String> overrides = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for the results (default: results/<scenario name>-<yyyyMMdd-HHmmss>).")
    private Path out;

    @Option(names = "--threads", paramLabel = "N",
            description = "Runs in parallel (default: the number of processors).")
    private Integer threads;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
    private boolean quiet;

    private LevelRunner runner = new GridExperimentRunner();

    /** Tests run the pipeline on a stand-in for the simulated grid. */
    void useRunner(LevelRunner standIn) {
        this.runner = standIn;
    }

    @Override
    public Integer call() {
        Path scenarioFile = ScenarioPaths.resolve(scenarioArgument);
        if (HygraSimulation.handles(scenarioFile)) {
            return HygraSimulation.run(spec, scenarioFile, overrides, json.enabled());
        }
        if (GangSimulation.handles(scenarioFile)) {
            return GangSimulation.run(spec, scenarioFile, overrides, json.enabled());
        }
        int parallel = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        Validation.atLeast(spec, "--threads", parallel, 1);
        Scenario scenario = loadScenario();
        Path dir = out != null ? out : Path.of("results", scenario.name() + "-" + LocalDateTime.now().format(RUN_TIME));
        Validation.require(!Files.exists(dir) || Files.isDirectory(dir), spec,
                "--out " + dir + " is a file; give a directory (it is created if missing)");

        Experiment experiment = new Experiment(scenario, runner);
        ExperimentResult result;
        boolean showProgress = !quiet && ProgressDisplay.onTerminal();
        try (ProgressDisplay progress = ProgressDisplay.create(showProgress, scenario.name(), experiment.totalJobs(),
                System.err)) {
            result = experiment.run(parallel, progress);
        }
        SummaryDocument summary = Summaries.of(result);
        String jsonText = SummaryJson.toJson(summary);
        List<Path> files = writeReport(result, jsonText, dir);

        PrintWriter stdout = spec.commandLine().getOut();
        if (json.enabled()) {
            stdout.println(jsonText);
        } else {
            stdout.print(ResultTable.render(summary));
            stdout.println();
            stdout.println("wrote " + files.size() + " files into " + dir);
        }
        stdout.flush();
        return 0;
    }

    private Scenario loadScenario() {
        Path file = ScenarioPaths.resolve(scenarioArgument);
        try {
            return ScenarioLoader.load(file, overrides);
        } catch (ScenarioException e) {
            throw Validation.fail(spec, e.getMessage());
        }
    }

    private static List<Path> writeReport(ExperimentResult result, String jsonText, Path dir) {
        try {
            return ReportWriter.write(result, jsonText, dir);
        } catch (IOException e) {
            throw new UserError("cannot write the results into " + dir + " (" + e.getMessage()
                    + "); choose another directory with --out", e);
        }
    }
}
