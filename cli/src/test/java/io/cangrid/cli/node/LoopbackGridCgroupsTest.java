package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.exec.Cgroups;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node gives back the cgroup directories it made for its jobs: a closed grid leaves none of its nodes'
 * behind, even with a run still going when it closed.
 */
class LoopbackGridCgroupsTest {

    private static final Path CGROUPS = Path.of("/sys/fs/cgroup");
    private final String marker = "302." + (100000 + ThreadLocalRandom.current().nextInt(900000));

    @TempDir
    Path dir;

    @AfterEach
    void killWhatATestLeft() {
        ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void aClosedGridLeavesNoCgroupOfItsNodes() throws Exception {
        Cgroups probe = Cgroups.detect("test-probe" + System.nanoTime());
        probe.release();
        assumeTrue(probe.available(), "cgroups are used where the machine lets the node make them");
        String name = "cangrid-" + LiveNodeAssembly.key(dir.resolve("node-0"));
        try (LoopbackGrid grid = LoopbackGrid.start(1, LoopbackGrid.randomSecret(), dir,
                ExecPolicy.parse("allow:sh"), 200, JobConfig.withHeartbeat(500), JobEvents.NONE, 1);
                GridClient client = grid.client(0)) {
            client.submit(JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, "sleeper").withCommand(
                    new JobCommand(new String[] {"sh", "-c", "sleep " + marker}, new String[0], new InputFile[0],
                            new String[0], 0)));
            await().atMost(Duration.ofSeconds(30)).until(() -> withRuns(name));
        }
        assertThat(cgroupsNamed(name)).as("cgroup directories of the closed grid's node").isEmpty();
    }

    /** Whether a directory {@code name} holds a run's cgroup. */
    private static boolean withRuns(String name) throws IOException {
        for (Path d : cgroupsNamed(name)) {
            try (Stream<Path> s = Files.list(d)) {
                if (s.anyMatch(Files::isDirectory)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Path> cgroupsNamed(String name) throws IOException {
        try (Stream<Path> s = Files.find(CGROUPS, 6, (p, a) -> a.isDirectory() && p.getFileName() != null
                && p.getFileName().toString().equals(name))) {
            return s.toList();
        }
    }
}
