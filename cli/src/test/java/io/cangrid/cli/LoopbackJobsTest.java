package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.node.LoopbackGrid;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.cli.node.WaitCommand;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.gateway.GridJobList;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.GridSecret;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cancelling and listing jobs on three live nodes in this JVM, on 127.0.0.1: a running {@code sleep} is
 * cancelled through a node that neither took nor owns it necessarily, ends CANCELLED everywhere, and its
 * process is gone; a job that already ended is not cancelled; the node the jobs came in through lists them.
 */
class LoopbackJobsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A sleep no other test starts, so the process can be told apart among this JVM's children. */
    private static final String SLEEP_SECONDS = "41";
    private static final long WAIT_MILLIS = 15_000;

    @TempDir
    Path dir;

    private LoopbackGrid grid;
    private Path secretFile;

    @BeforeEach
    void startGrid() throws Exception {
        secretFile = dir.resolve("secret");
        GridSecret secret = SecretFile.load(secretFile, true);
        grid = LoopbackGrid.start(3, secret, dir, ExecPolicy.parse("allow:sleep,sh"), 200, JobConfig.withHeartbeat(500),
                JobEvents.NONE, 1);
    }

    @AfterEach
    void stopGrid() {
        if (grid != null) {
            grid.close();
        }
        // Whatever a failed test left running is killed too: no process outlives the test.
        sleeps().forEach(ProcessHandle::destroyForcibly);
    }

    private static List<ProcessHandle> sleeps() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().arguments().map(a -> a.length == 1 && a[0].equals(SLEEP_SECONDS)).orElse(false)
                        && p.info().command().map(c -> c.endsWith("sleep")).orElse(false))
                .toList();
    }

    private static JobSpec job(String name, String... argv) {
        return JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, name).withCommand(JobCommand.of(argv));
    }

    private static <T> T await(String what, Supplier<T> probe, Predicate<T> done) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        T last = probe.get();
        while (!done.test(last) && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            last = probe.get();
        }
        assertThat(done.test(last)).as("%s within %d ms; last: %s", what, WAIT_MILLIS, last).isTrue();
        return last;
    }

    private static JobStatusReply status(GridClient client, JobId id) {
        try {
            return client.status(id);
        } catch (IOException e) {
            return null;
        }
    }

    private CliRun cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(1, List.of("--secret-file", secretFile.toString()));
        return CliRun.run(all.toArray(String[]::new));
    }

    @Test
    void aRunningJobIsCancelledItsProcessKilledAndAnEndedOneIsNot() throws Exception {
        try (GridClient taker = grid.client(0); GridClient other = grid.client(2)) {
            JobId id = taker.submit(job("long-sleep", "sleep", SLEEP_SECONDS));
            await("the job running", () -> status(other, id), r -> r != null && r.state() == JobState.RUNNING);
            await("its sleep process started", LoopbackJobsTest::sleeps, l -> !l.isEmpty());

            CliRun cancel = cli("cancel", "--peer", grid.address(2), "--json", id.toString());
            assertThat(cancel.exitCode()).as("cancel: %s %s", cancel.out(), cancel.err()).isZero();
            JsonNode c = JSON.readTree(cancel.out());
            assertThat(c.get("cancelled").asBoolean()).isTrue();
            assertThat(c.get("state").asText()).isEqualTo("CANCELLED");

            await("the sleep process gone", LoopbackJobsTest::sleeps, List::isEmpty);
            assertThat(status(other, id).state()).isEqualTo(JobState.CANCELLED);
            assertThat(taker.await(id, Duration.ofSeconds(5)).state()).isEqualTo(JobState.CANCELLED);

            CancelReply again = other.cancel(id);
            assertThat(again.cancelled()).isFalse();
            assertThat(again.state()).isEqualTo(JobState.CANCELLED);
            CliRun twice = cli("cancel", "--peer", grid.address(1), id.toString());
            assertThat(twice.exitCode()).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(twice.out()).contains("not cancelled").contains("already ended CANCELLED");

            CliRun waited = cli("wait", "--peer", grid.address(1), "--timeout", "5s", id.toString());
            assertThat(waited.exitCode()).as("wait treats CANCELLED as ended, not as success")
                    .isEqualTo(WaitCommand.SOME_FAILED);
            assertThat(waited.out()).contains("CANCELLED");
        }
    }

    @Test
    void anEndedJobIsNotCancelledAndTheTakerListsItsJobsNewestFirst() throws Exception {
        try (GridClient taker = grid.client(1)) {
            JobId first = taker.submit(job("quick", "sh", "-c", "exit 3"));
            JobStatusReply end = taker.await(first, Duration.ofSeconds(15));
            assertThat(end.state()).isEqualTo(JobState.COMPLETED);
            assertThat(end.waitMillis()).as("submission to start, as the run node measured it").isBetween(0L, 15_000L);
            CancelReply late = taker.cancel(first);
            assertThat(late.cancelled()).isFalse();
            assertThat(late.state()).isEqualTo(JobState.COMPLETED);
            assertThat(late.reason()).contains("already ended COMPLETED");
            JobId second = taker.submit(job("slow", "sleep", SLEEP_SECONDS));

            GridJobList list = await("the listing up to date", () -> {
                try {
                    return taker.jobs();
                } catch (IOException e) {
                    return null;
                }
            }, l -> l != null && l.jobs().length == 2 && l.jobs()[1].state() == JobState.COMPLETED);
            assertThat(list.total()).isEqualTo(2);
            assertThat(list.jobs()[0].job()).isEqualTo(second);
            assertThat(list.jobs()[0].name()).isEqualTo("slow");
            assertThat(list.jobs()[1].job()).isEqualTo(first);
            assertThat(list.jobs()[1].exitCode()).isEqualTo(3);

            CliRun jobs = cli("jobs", "--peer", grid.address(1), "--json");
            assertThat(jobs.exitCode()).as(jobs.err()).isZero();
            JsonNode rows = JSON.readTree(jobs.out());
            assertThat(rows.isArray()).isTrue();
            assertThat(rows).hasSize(2);
            assertThat(rows.get(1).get("job").asText()).isEqualTo(first.toString());
            assertThat(rows.get(1).get("name").asText()).isEqualTo("quick");
            assertThat(rows.get(1).get("state").asText()).isEqualTo("COMPLETED");
            assertThat(rows.get(1).get("exitCode").asInt()).isEqualTo(3);
            assertThat(rows.get(1).has("submitted")).isTrue();
            List<String> lines = cli("jobs", "--peer", grid.address(1)).out().lines().toList();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(0)).startsWith("job ").contains("name").contains("state").contains("exit");
            assertThat(lines.get(2)).contains(first.toString()).contains("quick").contains("COMPLETED");

            CliRun none = cli("jobs", "--peer", grid.address(0), "--json");
            assertThat(JSON.readTree(none.out())).as("node 0 took no job").isEmpty();
            assertThat(taker.cancel(second).cancelled()).isTrue();
        }
    }
}
