package io.cangrid.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.CangridCommand;
import io.cangrid.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bench coalloc} on a few small instances: its JSON, and the refusal of an unknown experiment. */
class BenchCoallocCommandTest {

    private record Run(int exitCode, String out, String err) {
    }

    private static Run bench(String... args) {
        CommandLine commandLine = CangridCommand.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 2];
        all[0] = "bench";
        all[1] = "coalloc";
        System.arraycopy(args, 0, all, 2, args.length);
        return new Run(commandLine.execute(all), out.toString(), err.toString());
    }

    @Test
    void fitReportsEachOfferRangeWithNoInfeasibleAllocation() throws Exception {
        Run run = bench("--experiment", "fit", "--runs", "3", "--ranges", "2", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(run.out()).get("rows");
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            assertThat(row.get("heuristicInfeasible").asInt()).isZero();
            assertThat(row.get("allocatedOverOptimal").asDouble()).isBetween(0.0, 1.0);
        }
        assertThat(rows.get(1).get("offerRange").asInt()).isEqualTo(200);
    }

    @Test
    void scaleReportsBothSolversPerSize() throws Exception {
        Run run = bench("--experiment", "scale", "--runs", "2", "--sizes", "10,20", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(run.out()).get("rows");
        assertThat(rows).extracting(r -> r.get("tasks").asInt()).containsExactly(10, 20);
    }

    @Test
    void anUnknownExperimentIsAUsageError() {
        Run run = bench("--experiment", "speed");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--experiment speed is not an experiment; use fit or scale");
    }
}
