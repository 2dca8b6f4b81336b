package io.cangrid.cli.simulate;

import io.cangrid.simulator.locator.LocatorCatalog;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.CangridCommand;
import io.cangrid.cli.common.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimulateCommandTest {

    /** Tests run in the module directory; the scenarios sit at the repository's top. */
    private static final String QUICKSTART = Path.of("..", "scenarios", "quickstart.conf").toString();
    private static final String[] SMALL = {"--set", "nodes=40", "--set", "jobs.per-level=30", "--set",
        "load-levels=[0.5, 0.9]", "--set", "locators=[CENTRAL, CENTRAL-MCT, CAN]", "--quiet"};

    @TempDir
    Path dir;

    private record Run(int exitCode, String out, String err) {
    }

    private static Run simulate(String... args) {
        CommandLine commandLine = CangridCommand.newCommandLine();
        CommandLine simulate = commandLine.getSubcommands().get("simulate");
        ((SimulateCommand) simulate.getCommand()).useRunner(new StandInGrid());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] all = Stream.concat(Stream.of("simulate"), Stream.of(args)).toArray(String[]::new);
        return new Run(commandLine.execute(all), out.toString(), err.toString());
    }

    private String[] withSmall(String... args) {
        return Stream.concat(Stream.of(args), Stream.of(SMALL)).toArray(String[]::new);
    }

    @Test
    void aGangmatchingScenarioPrintsItsCellsAsJson() throws IOException {
        Run run = simulate(Path.of("..", "scenarios", "gangs.conf").toString(), "--json",
                "--set", "gangs.jobs=[32]", "--set", "gangs.partitions=[1, 4]");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertThat(report.get("scenario").asText()).isEqualTo("gangs");
        assertThat(report.get("rows")).hasSize(2 * 2 * 2);
        for (JsonNode row : report.get("rows")) {
            assertThat(row.get("exact").asBoolean()).as(row.toString()).isTrue();
            assertThat(row.get("gangs").asInt()).isEqualTo((int) Math.round(32 * row.get("licencesPerJob").asDouble()));
        }
        Run bad = simulate(Path.of("..", "scenarios", "gangs.conf").toString(), "--set", "gangs.searches=[greedy]");
        assertThat(bad.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bad.err()).contains("key 'gangs.searches' must be a non-empty list of naive, fixed, dynamic, was 'greedy'");
    }

    @Test
    void printsATableAndWritesTheReport() throws IOException {
        Path out = dir.resolve("quick");
        Run run = simulate(withSmall(QUICKSTART, "--out", out.toString(), "--threads", "2"));
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("scenario quickstart").contains("CENTRAL-MCT").contains("wrote ")
                .contains(out.toString());
        assertThat(out.resolve("summary.json")).exists();
        assertThat(out.resolve("jobs-CAN-load0.90.csv")).exists();
        assertThat(out.resolve("wait-vs-load.png")).exists();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void jsonPrintsOnlyTheSummaryDocument() throws IOException {
        Path out = dir.resolve("json");
        Run run = simulate(withSmall(QUICKSTART, "--out", out.toString(), "--json"));
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode printed = new ObjectMapper().readTree(run.out());
        assertThat(printed).isEqualTo(new ObjectMapper().readTree(out.resolve("summary.json").toFile()));
        assertThat(printed.get("scenario").asText()).isEqualTo("quickstart");
        assertThat(printed.get("results")).hasSize(3 * 2);
        assertThat(printed.get("summary").get(0).get("waitRatioToCentral").asDouble()).isEqualTo(1.0);
        // The stand-in waits one second per place in the catalogue: CAN's ratio to CENTRAL is its place + 1.
        double canPlace = io.cangrid.simulator.locator.LocatorCatalog.names().indexOf("CAN") + 1;
        assertThat(printed.get("summary").get(2).get("waitRatioToCentral").asDouble()).isEqualTo(canPlace);
        assertThat(printed.get("bestOracle").asText()).isEqualTo("CENTRAL");
        assertThat(printed.get("summary").get(2).get("waitRatioToBestOracle").asDouble()).isEqualTo(canPlace);
        assertThat(printed.get("results").get(0).has("waitGrowth")).isTrue();
        assertThat(printed.get("results").get(0).has("stable")).isTrue();
    }

    @Test
    void missingScenarioIsAUsageError() {
        Run run = simulate("no/such/scenario.conf");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines().findFirst().orElseThrow()).startsWith("cangrid: ")
                .contains("no/such/scenario.conf").contains("does not exist");
        assertThat(run.err()).doesNotContain("Exception");
    }

    @Test
    void unknownKeyIsAUsageErrorNamingIt() {
        Run run = simulate(QUICKSTART, "--set", "jobs.perlevel=3");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("unknown key 'jobs.perlevel'").contains("did you mean 'jobs.per-level'")
                .contains("quickstart.conf").contains("(try 'cangrid simulate --help')");
    }

    @Test
    void badValueIsAUsageErrorNamingKeyAndRange() {
        Run run = simulate(QUICKSTART, "--set", "load-levels=[0, 0.5]");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("'load-levels'").contains("(0, 2]");
        Run locator = simulate(QUICKSTART, "--set", "locators=[RNT]");
        assertThat(locator.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(locator.err()).contains("RNT").contains("CENTRAL, CENTRAL-MCT").contains("CAN-P2");
    }

    @Test
    void threadsMustBePositive() {
        Run run = simulate(QUICKSTART, "--threads", "0");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--threads must be >= 1");
    }

    @Test
    void outMustNotBeAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        Run run = simulate(withSmall(QUICKSTART, "--out", file.toString()));
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("is a file");
    }

    @Test
    void theRootCommandListsSimulate() {
        CommandLine commandLine = CangridCommand.newCommandLine();
        StringWriter out = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        assertThat(commandLine.execute("--help")).isZero();
        assertThat(out.toString()).contains("simulate");
    }

    @Test
    void helpDescribesTheCommand() {
        Run run = simulate("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: cangrid simulate").contains("--set").contains("--out")
                .contains("--threads").contains("--json").contains("scenarios/base.conf");
    }
}
