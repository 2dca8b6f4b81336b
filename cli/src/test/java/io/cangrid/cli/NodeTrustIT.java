package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cangrid.cli.demo.LocalGrid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A {@code cangrid node} process from the packaged jar, as a machine owner runs it: whatever a job starts
 * (double forks, {@code nohup}, {@code setsid}) ends within 2 s of the node being SIGKILLed and 5 s of its being
 * stopped, and a
 * node restarted on the same work directory leaves nothing of the interrupted run; a result larger than the
 * grid's frame limit ends its job FAILED after one run, instead of being run again and again.
 */
class NodeTrustIT extends LocalGridProcesses {

    private static final long GONE_WITHIN_MILLIS = 5_000;
    /** A killed node's job dies with it: the kernel ends it, nothing waits for a timeout. */
    private static final long GONE_AFTER_KILL_MILLIS = 2_000;
    private final List<String> markers = new ArrayList<>();

    private static List<String> options(String... more) {
        List<String> o = new ArrayList<>(List.of("--exec", "allow:sh", "--set", "grid.update-period=300ms",
                "--set", "grid.heartbeat-period=1s", "--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"));
        o.addAll(List.of(more));
        return o;
    }

    private String mark(int seconds) {
        String m = seconds + "." + (100000 + ThreadLocalRandom.current().nextInt(900000));
        markers.add(m);
        return m;
    }

    @AfterEach
    void killWhatATestLeft() {
        for (String m : markers) {
            running(m).forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static List<ProcessHandle> running(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).toList();
    }

    private static boolean within(long millis, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return condition.getAsBoolean();
    }

    /** Starts a job that detaches three ways, and waits until all its processes run. */
    private List<String> startDetachingJob() throws Exception {
        String forked = mark(313);
        String nohup = mark(315);
        String session = mark(317);
        String main = mark(100);
        CliRun submit = cli("submit", "--peer", grid.address(0), "--", "sh", "-c", "(sleep " + forked + " &); nohup sleep "
                + nohup + " >/dev/null 2>&1 & setsid sleep " + session + " & sleep " + main);
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        List<String> all = List.of(forked, nohup, session, main);
        assertThat(within(30_000, () -> all.stream().allMatch(m -> !running(m).isEmpty())))
                .as("the job's processes running; node log:%n%s", log()).isTrue();
        return all;
    }

    private String log() {
        try {
            return grid.log(0);
        } catch (java.io.IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    @Test
    void aKilledNodesJobDiesWithItAndARestartLeavesNothingOfIt() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        grid = new LocalGrid(dir, JAR, options());
        grid.start(1);
        List<String> job = startDetachingJob();

        grid.kill(0);
        assertThat(within(GONE_AFTER_KILL_MILLIS, () -> job.stream().allMatch(m -> running(m).isEmpty())))
                .as("every process of the job gone within %d ms of the SIGKILL", GONE_AFTER_KILL_MILLIS).isTrue();

        grid.restart(0);
        Path runs = grid.workdir(0).resolve("runs");
        assertThat(within(10_000, () -> isEmpty(runs))).as("the interrupted run's directory removed; log:%n%s", log())
                .isTrue();
        assertThat(job.stream().allMatch(m -> running(m).isEmpty())).isTrue();
    }

    @Test
    void aStoppedNodesJobEndsWithIt() throws Exception {
        grid = new LocalGrid(dir, JAR, options());
        grid.start(1);
        List<String> job = startDetachingJob();
        long stopped = System.currentTimeMillis();
        grid.stop(0);
        assertThat(within(GONE_WITHIN_MILLIS, () -> job.stream().allMatch(m -> running(m).isEmpty())))
                .as("every process of the job gone within %d ms of SIGTERM (node took %d ms to stop)",
                        GONE_WITHIN_MILLIS, System.currentTimeMillis() - stopped).isTrue();
    }

    @Test
    void aResultLargerThanAFrameEndsTheJobFailedAfterOneRun() throws Exception {
        grid = new LocalGrid(dir, JAR, options("--set", "grid.max-frame-size=128KiB"));
        grid.start(1);
        // Three outputs of 60 000 bytes: each small enough to travel inside the result, together too large for it.
        CliRun submit = cli("submit", "--peer", grid.address(0), "--output", "a", "--output", "b", "--output", "c",
                "--", "sh", "-c", "head -c 60000 /dev/zero > a; cp a b; cp a c");
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        String id = submit.out().strip();
        CliRun waited = cli("wait", "--peer", grid.address(0), "--timeout", "60s", "--json", id);
        JsonNode job = JSON.readTree(waited.out()).get("jobs").get(0);
        assertThat(job.get("state").asText()).as("%s%nlog:%n%s", waited.out(), log()).isEqualTo("FAILED");
        assertThat(job.get("reason").asText()).contains("does not fit one message").contains("grid.max-frame-size");
        CliRun status = cli("status", "--peer", grid.address(0), "--json", id);
        assertThat(JSON.readTree(status.out()).get("runs").asInt()).as(status.out()).isEqualTo(1);
        String key = id.substring(0, id.indexOf('@'));
        assertThat(log().lines().filter(l -> l.contains(key) && l.contains("starting")).count())
                .as("runs of the job in the node's log").isEqualTo(1);
    }

    private static boolean isEmpty(Path dir) {
        if (!Files.isDirectory(dir)) {
            return true;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
