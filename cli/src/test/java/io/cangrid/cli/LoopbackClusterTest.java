package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.jobs.exec.ExecPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Submit files on live nodes: {@code submit -f} puts a file's jobs into the grid as a cluster, with their input
 * files, and prints the cluster's id; {@code wait}, {@code status}, {@code results}, {@code jobs} and
 * {@code cancel} take that id for all its jobs; {@code results} writes output, error, output files and the
 * event log where the file says. A file the grid cannot run whole is refused at its line, and nothing of it
 * is submitted.
 */
class LoopbackClusterTest extends LoopbackGridWithSecret {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SUBMITTED = Pattern.compile("(\\d+) job\\(s\\) submitted to cluster (c\\d+)\\.");

    private Path clusters;
    private Path work;

    @BeforeEach
    void start() throws Exception {
        startGrid(3, ExecPolicy.parse("allow:sh"));
        clusters = dir.resolve("clusters");
        work = Files.createDirectories(dir.resolve("work"));
    }

    private CliRun run(String command, String... args) {
        String[] all = new String[args.length + 5];
        all[0] = command;
        all[1] = "--peer";
        all[2] = grid.address(0);
        all[3] = "--clusters-dir";
        all[4] = clusters.toString();
        System.arraycopy(args, 0, all, 5, args.length);
        return cli(all);
    }

    private Path file(String name, String text) throws Exception {
        return Files.writeString(work.resolve(name), text);
    }

    private String submit(Path file, int expected) {
        CliRun submit = run("submit", "-f", file.toString());
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        Matcher m = SUBMITTED.matcher(submit.out().strip());
        assertThat(m.matches()).as(submit.out()).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(expected);
        return m.group(2);
    }

    @Test
    void aFilesJobsRunAsAClusterAndTheirResultsGoWhereTheFileSays() throws Exception {
        file("numbers.txt", "30\n4\n200\n");
        Path sub = file("sort.sub", """
                # each job sorts the same input, and says which it is
                executable = sh
                arguments = "-c 'sort -n numbers.txt > sorted.$(Process).txt; echo job $(Process) of $(Cluster)'"
                transfer_input_files = numbers.txt
                transfer_output_files = sorted.$(Process).txt
                output = out.$(Process)
                error = err.$(Process)
                log = sort.log
                queue 3
                """);
        String cluster = submit(sub, 3);
        String number = cluster.substring(1);

        CliRun waited = run("wait", "--timeout", "60s", cluster);
        assertThat(waited.exitCode()).as(waited.out() + waited.err()).isZero();
        assertThat(waited.out().lines().count()).isEqualTo(3);

        JsonNode status = JSON.readTree(run("status", "--json", cluster).out());
        assertThat(status.get("jobs")).hasSize(3);
        assertThat(status.get("states").get("COMPLETED").asInt()).isEqualTo(3);

        CliRun results = run("results", cluster);
        assertThat(results.exitCode()).as(results.out() + results.err()).isZero();
        for (int p = 0; p < 3; p++) {
            assertThat(Files.readString(work.resolve("out." + p))).isEqualTo("job " + p + " of " + number + "\n");
            assertThat(work.resolve("err." + p)).hasContent("");
            assertThat(Files.readString(work.resolve("sorted." + p + ".txt"))).isEqualTo("4\n30\n200\n");
        }
        String log = Files.readString(work.resolve("sort.log"), StandardCharsets.UTF_8);
        assertThat(log.lines().filter(l -> l.startsWith("000 (" + number + ".")).count()).isEqualTo(3);
        assertThat(log.lines().filter(l -> l.startsWith("005 (" + number + ".")).count()).isEqualTo(3);
        assertThat(log).contains("Normal termination (return value 0)");
        // Fetched again, the log is the same: events are not repeated.
        assertThat(run("results", cluster).exitCode()).isZero();
        assertThat(Files.readString(work.resolve("sort.log"))).hasSameSizeAs(log);

        CliRun jobs = cli("jobs", "--peer", grid.address(0), "--json", cluster);
        JsonNode listed = JSON.readTree(jobs.out());
        assertThat(listed).as(jobs.err()).hasSize(3);
        assertThat(listed.findValuesAsText("name")).containsExactlyInAnyOrder(number + ".0", number + ".1",
                number + ".2");

        // Another machine, without this one's record, finds the cluster in the list of the node it came through.
        CliRun elsewhere = cli("status", "--peer", grid.address(0), "--clusters-dir", dir.resolve("other").toString(),
                "--json", cluster);
        assertThat(elsewhere.exitCode()).as(elsewhere.err()).isZero();
        assertThat(JSON.readTree(elsewhere.out()).get("jobs")).hasSize(3);
        Path into = dir.resolve("fetched");
        CliRun fetched = cli("results", "--peer", grid.address(0), "--clusters-dir", dir.resolve("other").toString(),
                "--dir", into.toString(), cluster);
        assertThat(fetched.exitCode()).as(fetched.err()).isZero();
        assertThat(into.resolve(number + ".0").resolve("stdout")).doesNotExist(); // no record: named by job key
        try (var s = Files.list(into)) {
            assertThat(s.count()).isEqualTo(3);
        }
    }

    @Test
    void aClusterIsCancelledWhole() throws Exception {
        Path sub = file("sleep.sub", """
                executable = sh
                arguments = "-c 'sleep 30'"
                queue 2
                """);
        String cluster = submit(sub, 2);
        CliRun cancel = run("cancel", cluster);
        assertThat(cancel.exitCode()).as(cancel.out() + cancel.err()).isZero();
        assertThat(cancel.out().lines().filter(l -> l.endsWith("CANCELLED")).count()).isEqualTo(2);
        JsonNode status = JSON.readTree(run("status", "--json", cluster).out());
        assertThat(status.get("states").get("CANCELLED").asInt()).isEqualTo(2);
    }

    @Test
    void aFileTheGridCannotRunWholeIsRefusedAtItsLineAndNothingIsSubmitted() throws Exception {
        Path wide = file("wide.sub", """
                executable = sh
                arguments = "-c 'echo wide'"
                request_cpus = 512
                queue 2
                """);
        CliRun refused = run("submit", "-f", wide.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.errLines()).hasSize(1);
        assertThat(refused.err()).contains(wide + ":3:").contains("request_cpus = 512").contains("no node of the grid");

        Path missing = file("missing.sub", """
                executable = sh
                transfer_input_files = absent.dat
                queue
                """);
        refused = run("submit", "-f", missing.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains(missing + ":2:").contains("absent.dat");

        // Small files travel inside the job, 256 KiB together at most; larger ones would go as chunks.
        for (int i = 1; i <= 5; i++) {
            Files.write(work.resolve("small" + i + ".dat"), new byte[60 * 1024]);
        }
        Path big = file("big.sub", """
                executable = sh
                transfer_input_files = small1.dat, small2.dat, small3.dat, small4.dat, small5.dat
                queue
                """);
        refused = run("submit", "-f", big.toString());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains(big + ":2:").contains("256 KiB");

        CliRun listed = cli("jobs", "--peer", grid.address(0), "--json");
        assertThat(JSON.readTree(listed.out())).as("jobs the node took").isEmpty();
        assertThat(clusters).doesNotExist();

        CliRun unknown = run("status", "c123456789");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("no cluster c123456789");
    }
}
