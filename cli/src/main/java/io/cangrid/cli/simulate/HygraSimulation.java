package io.cangrid.cli.simulate;

import io.cangrid.cli.common.Validation;
import io.cangrid.hygra.tick.RateResult;
import io.cangrid.hygra.tick.TickExperiment;
import io.cangrid.simulator.hygra.HygraReport;
import io.cangrid.simulator.hygra.HygraScenario;
import io.cangrid.simulator.hygra.HygraScenarioLoader;
import io.cangrid.simulator.scenario.ScenarioException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code cangrid simulate} on a HYGRA tick scenario ({@code experiment = hygra-tick}): runs the tick
 * experiment for every rate and prints one row per rate, as a table or as JSON.
 */
final class HygraSimulation {

    private HygraSimulation() {
    }

    static boolean handles(Path file) {
        return HygraScenarioLoader.isHygraScenario(file);
    }

    static int run(CommandSpec spec, Path file, List<String> overrides, boolean json) {
        HygraScenario scenario;
        try {
            scenario = HygraScenarioLoader.load(file, overrides);
        } catch (ScenarioException e) {
            throw Validation.fail(spec, e.getMessage());
        }
        List<RateResult> results = new TickExperiment(scenario.settings()).run();
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? HygraReport.json(scenario, results) + System.lineSeparator()
                : HygraReport.table(scenario, results));
        stdout.flush();
        return 0;
    }
}
