package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.demo.LocalGrid;
import io.cangrid.cli.grid.JobView;
import io.cangrid.cli.node.SecretFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.NetConfig;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two {@code cangrid node} processes on 127.0.0.1, each watching an owner activity file of its own: jobs
 * running on a node stop (state {@code T} in {@code /proc}) within 2 s of its file appearing and go on within
 * 2 s of its removal; with a maximum suspension of 5 s they are vacated and complete on the other node,
 * every one COMPLETED, after one run each as far as any owner counts.
 */
class OwnerFirstIT extends LocalGridProcesses {

    private static final int JOBS = 2;

    @Test
    void jobsYieldToTheMachinesOwnerAndAreVacatedAfterTheMaximumSuspension() throws Exception {
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        Path[] active = {dir.resolve("owner0-active"), dir.resolve("owner1-active")};
        // Node 1's owner is at the machine from the start, so every job runs on node 0 first.
        Files.writeString(active[1], "");
        grid = new LocalGrid(dir, JAR, List.of("--cores", "2", "--force", "--exec", "allow:sleep",
                "--max-suspension", "5s", "--set", "grid.update-period=300ms", "--set", "grid.heartbeat-period=1s"))
                .withNodeOptions(i -> List.of("--owner-activity-file", active[i].toString()));
        grid.start(2);
        String[] hostPort = grid.address(0).split(":");
        NetConfig net = NetConfig.of(NetConfig.DEFAULT_GRID, SecretFile.load(grid.secret(), false));
        try (GridClient client = new GridClient(net, hostPort[0], Integer.parseInt(hostPort[1]))) {
            Thread.sleep(1_500); // node 1's unavailability reaches node 0 with the next updates
            List<JobId> ids = new ArrayList<>();
            for (int i = 0; i < JOBS; i++) {
                ids.add(client.submit(JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, null)
                        .withCommand(JobCommand.of("sleep", "25"))));
            }
            List<Long> sleeps = awaitJobProcesses(0, JOBS);
            for (long pid : sleeps) {
                assertThat(niceness(pid)).as("job process %d runs at the lowest priority", pid).isEqualTo(19);
            }

            Files.delete(active[1]); // node 1's owner leaves: it may take jobs now
            Files.writeString(active[0], ""); // node 0's owner comes back
            long stoppedIn = awaitStates(sleeps, 'T', 2_000);
            assertThat(stoppedIn).as("ms until every job process on node 0 was stopped").isLessThanOrEqualTo(2_000);
            // Whichever node owns the job, it heard why from node 0's heartbeat, sent as the owner came.
            JobStatusReply held = awaitStatus(client, ids.get(0), r -> r.held() != null);
            assertThat(JobView.line(JobView.of(ids.get(0), held))).as("status while suspended")
                    .contains(" RUNNING (suspended: owner active since ");

            Files.delete(active[0]);
            long resumedIn = awaitStates(sleeps, 'S', 2_000);
            assertThat(resumedIn).as("ms until they went on").isLessThanOrEqualTo(2_000);
            assertThat(awaitStatus(client, ids.get(0), r -> r.held() == null).held()).as("not held once they went on")
                    .isNull();

            Files.writeString(active[0], ""); // back for good: vacated after 5 s, the jobs run on node 1
            assertThat(awaitStates(sleeps, 'T', 2_000)).isLessThanOrEqualTo(2_000);
            for (JobId id : ids) {
                JobStatusReply r = client.await(id, Duration.ofSeconds(90));
                assertThat(r.state()).as("job %s: %s", id, r.reason()).isEqualTo(JobState.COMPLETED);
                assertThat(r.runNode().toString()).as("job %s ran to its end on node 1", id)
                        .contains(grid.address(1));
            }
            for (long pid : sleeps) {
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                        .as("the vacated run %d was ended", pid).isFalse();
            }
            System.out.printf("OwnerFirstIT: stopped in %d ms, resumed in %d ms, %d jobs vacated and completed on"
                    + " node 1%n", stoppedIn, resumedIn, JOBS);
            String log0 = grid.log(0);
            assertThat(log0).contains("yields to the machine's owner");
            String explained = java.util.Arrays.toString(client.explain(ids.get(0)).steps());
            assertThat(explained).contains("suspended: owner active since").contains("resumed: the machine is free again")
                    .containsPattern("vacated from n[0-9a-f]+ after \\d+ ms suspended \\(owner active\\)");
        }
    }

    /**
     * The job's first status that {@code wanted} accepts, or the last one seen after 5 s: the run node tells the
     * job's owner at once, and the heartbeat period here is 1 s.
     */
    private static JobStatusReply awaitStatus(GridClient client, JobId id,
            java.util.function.Predicate<JobStatusReply> wanted) throws Exception {
        long deadline = System.currentTimeMillis() + 5_000;
        JobStatusReply r = client.status(id);
        while (!wanted.test(r) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            r = client.status(id);
        }
        return r;
    }

    /** The {@code sleep} processes under node {@code i}'s process, once there are {@code count} (at most 20 s). */
    private List<Long> awaitJobProcesses(int i, int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        List<Long> found = List.of();
        while (System.currentTimeMillis() < deadline) {
            found = ProcessHandle.of(grid.pid(i)).orElseThrow().descendants()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/sleep")).orElse(false))
                    .map(ProcessHandle::pid).toList();
            if (found.size() >= count) {
                return found;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("node " + i + " ran " + found.size() + " of " + count + " jobs within 20 s; log: "
                + logOf(i));
    }

    private String logOf(int i) {
        try {
            return grid.log(i);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    /**
     * Waits (at most {@code limitMillis} plus a second) until every process of {@code pids} is in {@code state}
     * ({@code /proc/PID/stat}'s third field); returns how long that took, or Long.MAX_VALUE.
     */
    private static long awaitStates(List<Long> pids, char state, long limitMillis) throws Exception {
        long start = System.nanoTime();
        long deadline = start + (limitMillis + 1_000) * 1_000_000;
        while (System.nanoTime() < deadline) {
            boolean all = true;
            for (long pid : pids) {
                all &= state(pid) == state;
            }
            if (all) {
                return (System.nanoTime() - start) / 1_000_000;
            }
            Thread.sleep(50);
        }
        return Long.MAX_VALUE;
    }

    /** Field 19 of {@code /proc/PID/stat}, the process's nice value. */
    private static int niceness(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
        } catch (java.io.IOException e) {
            return Integer.MIN_VALUE; // ended
        }
    }

    private static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (java.io.IOException e) {
            return '?'; // ended
        }
    }
}
