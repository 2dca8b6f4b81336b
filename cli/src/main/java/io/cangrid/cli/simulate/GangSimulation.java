package io.cangrid.cli.simulate;

import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.Validation;
import io.cangrid.simulator.gangs.GangExperiment;
import io.cangrid.simulator.gangs.GangScenario;
import io.cangrid.simulator.gangs.GangScenarioLoader;
import io.cangrid.simulator.scenario.ScenarioException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code cangrid simulate} on a gangmatching scenario ({@code experiment = gangmatching}): runs every cell
 * and prints one row each, as a table (rows as they finish) or as JSON. Exits 1 when a cell formed a number
 * of gangs other than the workload's exact count.
 */
final class GangSimulation {

    /** What {@code --json} prints. */
    record Report(String scenario, List<GangExperiment.Row> rows) {
    }

    private GangSimulation() {
    }

    static boolean handles(Path file) {
        return GangScenarioLoader.isGangScenario(file);
    }

    static int run(CommandSpec spec, Path file, List<String> overrides, boolean json) {
        GangScenario scenario;
        try {
            scenario = GangScenarioLoader.load(file, overrides);
        } catch (ScenarioException e) {
            throw Validation.fail(spec, e.getMessage());
        }
        PrintWriter stdout = spec.commandLine().getOut();
        if (!json) {
            stdout.printf(Locale.ROOT, "%s%n%6s %5s %3s %-8s %6s %8s %12s %14s %9s%n", scenario.name(), "N", "L", "S",
                    "search", "gangs", "exact", "probes", "evaluations", "seconds");
            stdout.flush();
        }
        List<GangExperiment.Row> rows = GangExperiment.run(scenario, System::nanoTime, row -> {
            if (!json) {
                stdout.printf(Locale.ROOT, "%6d %5.2f %3d %-8s %6d %8s %12d %14d %9.2f%n", row.jobs(),
                        row.licencesPerJob(), row.partitions(), row.search().name().toLowerCase(Locale.ROOT),
                        row.gangs(), row.exact() ? "yes" : "NO (" + row.expectedGangs() + ")", row.probes(),
                        row.evaluations(), row.seconds());
                stdout.flush();
            }
        });
        if (json) {
            JsonOutput.print(spec, new Report(scenario.name(), rows));
        }
        return rows.stream().allMatch(GangExperiment.Row::exact) ? 0 : 1;
    }
}
