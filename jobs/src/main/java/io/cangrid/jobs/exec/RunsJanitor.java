package io.cangrid.jobs.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node finds when it starts on a work directory a previous life of it used: runs it never finished
 * (it was killed, or the machine stopped). Their processes are ended, by cgroup where it has them and by the
 * recorded first process (when it is still that process: its start time must match) otherwise, and their
 * directories removed. The grid matches those jobs again; nothing of them may go on running here meanwhile.
 */
final class RunsJanitor {

    private static final Logger log = LoggerFactory.getLogger(RunsJanitor.class);

    private RunsJanitor() {
    }

    static void clean(Path runs, Cgroups cgroups) {
        if (cgroups.available()) {
            cgroups.reapLeftovers();
        }
        if (!Files.isDirectory(runs)) {
            return;
        }
        List<Path> left;
        try (Stream<Path> s = Files.list(runs)) {
            left = s.toList();
        } catch (IOException e) {
            log.warn("cannot list the run directories in {}: {}", runs, e.toString());
            return;
        }
        for (Path dir : left) {
            endRecordedProcess(dir.resolve("pid"));
            RunDirectory.remove(dir);
        }
        if (!left.isEmpty()) {
            log.info("removed {} run director{} a previous run of this node left", left.size(),
                    left.size() == 1 ? "y" : "ies");
        }
    }

    private static void endRecordedProcess(Path pidFile) {
        if (!Files.isRegularFile(pidFile)) {
            return;
        }
        try {
            String[] f = Files.readString(pidFile, StandardCharsets.US_ASCII).trim().split(" ");
            long pid = Long.parseLong(f[0]);
            long started = Long.parseLong(f[1]);
            ProcessHandle.of(pid).filter(p -> p.info().startInstant().map(Instant::toEpochMilli).orElse(-1L) == started)
                    .ifPresent(p -> {
                        log.info("ending process {} a previous run of this node left running", pid);
                        ProcessTrees.kill(p, true);
                    });
        } catch (IOException | RuntimeException e) {
            log.warn("cannot read {}: {}", pidFile, e.toString());
        }
    }
}
