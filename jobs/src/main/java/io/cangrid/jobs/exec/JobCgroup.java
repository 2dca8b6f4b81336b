package io.cangrid.jobs.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run's cgroup: one directory per hierarchy (v1) or one (v2). The run's first process joins it before it
 * executes anything of the job's, so every process the job ever starts is in it.
 */
public final class JobCgroup {

    private static final Logger log = LoggerFactory.getLogger(JobCgroup.class);
    /** Rounds of freeze-and-kill before giving up on a cgroup that keeps being refilled. */
    private static final int KILL_ROUNDS = 50;
    private static final long WAIT_STEP_MILLIS = 10;

    private final boolean v2;
    private final List<Path> dirs;

    JobCgroup(boolean v2, List<Path> dirs) {
        this.v2 = v2;
        this.dirs = dirs;
    }

    /** The {@code cgroup.procs} files a process writes its pid to, to join every hierarchy of this cgroup. */
    public List<Path> procsFiles() {
        List<Path> files = new ArrayList<>();
        for (Path d : dirs) {
            files.add(d.resolve("cgroup.procs"));
        }
        return files;
    }

    /**
     * Gives this cgroup the least share of CPU time beside the machine's other work (cpu.weight 1, or
     * cpu.shares 2 on cgroup v1), where the cpu controller reaches it; returns whether it did.
     */
    public boolean lowestCpuWeight() {
        Optional<Path> weight = dir(v2 ? "cpu.weight" : "cpu.shares");
        if (weight.isEmpty()) {
            return false;
        }
        try {
            Files.writeString(weight.get(), v2 ? "1" : "2");
            return true;
        } catch (IOException e) {
            log.debug("cpu weight of {} not lowered: {}", weight.get(), e.toString());
            return false;
        }
    }

    /** Limits the memory of everything in this cgroup (swap included where the kernel accounts it). */
    public void limitMemory(long bytes) throws IOException {
        Optional<Path> mem = dir(v2 ? "memory.max" : "memory.limit_in_bytes");
        if (mem.isEmpty()) {
            throw new IOException("no memory controller for this cgroup");
        }
        Files.writeString(mem.get(), Long.toString(bytes));
        Optional<Path> swap = dir(v2 ? "memory.swap.max" : "memory.memsw.limit_in_bytes");
        if (swap.isPresent()) {
            try {
                Files.writeString(swap.get(), v2 ? "0" : Long.toString(bytes));
            } catch (IOException e) {
                log.debug("swap of {} not limited: {}", swap.get(), e.toString());
            }
        }
    }

    /** Whether the kernel killed a process of this cgroup for going over its memory limit. */
    public boolean oomKilled() {
        Optional<Path> f = dir(v2 ? "memory.events" : "memory.oom_control");
        if (f.isEmpty()) {
            return false;
        }
        try {
            for (String line : Files.readAllLines(f.get(), StandardCharsets.UTF_8)) {
                if (line.startsWith("oom_kill ") && Long.parseLong(line.substring(9).trim()) > 0) {
                    return true;
                }
            }
        } catch (IOException | NumberFormatException e) {
            log.debug("cannot read {}: {}", f.get(), e.toString());
        }
        return false;
    }

    /** The processes in this cgroup now. */
    public List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        for (Path d : dirs) {
            try {
                for (String line : Files.readAllLines(d.resolve("cgroup.procs"), StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        pids.add(Long.parseLong(line.trim()));
                    }
                }
                return pids;
            } catch (IOException | NumberFormatException e) {
                log.debug("cannot read the processes of {}: {}", d, e.toString());
            }
        }
        return pids;
    }

    /**
     * Kills every process in this cgroup and waits (bounded) until it is empty. Frozen first where a freezer
     * exists, so that no process forks faster than it is killed.
     */
    public void kill() {
        Optional<Path> killFile = v2 ? dir("cgroup.kill") : Optional.empty();
        if (killFile.isPresent()) {
            try {
                Files.writeString(killFile.get(), "1");
            } catch (IOException e) {
                log.debug("cgroup.kill failed on {}: {}", killFile.get(), e.toString());
            }
        }
        Optional<Path> freezer = dir(v2 ? "cgroup.freeze" : "freezer.state");
        for (int round = 0; round < KILL_ROUNDS; round++) {
            List<Long> pids = pids();
            if (pids.isEmpty()) {
                return;
            }
            freeze(freezer, true);
            for (long pid : pids) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            // A frozen process dies of SIGKILL only once thawed.
            freeze(freezer, false);
            sleep();
        }
        log.warn("processes still in cgroup {} after {} rounds of killing: {}", dirs.get(0), KILL_ROUNDS, pids());
    }

    private void freeze(Optional<Path> freezer, boolean frozen) {
        if (freezer.isEmpty()) {
            return;
        }
        try {
            Files.writeString(freezer.get(), v2 ? (frozen ? "1" : "0") : (frozen ? "FROZEN" : "THAWED"));
        } catch (IOException e) {
            log.debug("cannot {} {}: {}", frozen ? "freeze" : "thaw", freezer.get(), e.toString());
        }
    }

    /** Removes this cgroup's directories, waiting briefly for the kernel to let go of processes just killed. */
    public void remove() {
        for (Path d : dirs) {
            for (int i = 0; i < KILL_ROUNDS && Files.exists(d); i++) {
                try {
                    Files.delete(d);
                } catch (IOException e) {
                    sleep();
                }
            }
            if (Files.exists(d)) {
                log.warn("cannot remove cgroup {}", d);
            }
        }
    }

    private Optional<Path> dir(String file) {
        for (Path d : dirs) {
            if (Files.exists(d.resolve(file))) {
                return Optional.of(d.resolve(file));
            }
        }
        return Optional.empty();
    }

    private static void sleep() {
        try {
            Thread.sleep(WAIT_STEP_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
