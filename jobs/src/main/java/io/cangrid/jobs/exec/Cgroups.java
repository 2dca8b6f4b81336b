package io.cangrid.jobs.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The control groups a node puts its jobs in, where the machine lets it make them: a directory
 * {@code cangrid-KEY} below the node's own cgroup (KEY names the node's work directory, so a restarted node
 * finds what its previous life left), one child per run. Every process a job starts stays in its cgroup
 * whatever it does (double forks, new sessions), which is what makes "every process of the job" a set the
 * node can kill. On cgroup v1 the {@code freezer} hierarchy freezes a job before it is killed (no fork races
 * the kill), {@code memory} limits it and {@code pids} counts it; on v2 one directory does all three.
 */
public final class Cgroups {

    private static final Logger log = LoggerFactory.getLogger(Cgroups.class);
    /** v1 hierarchies used, in the order their directories are listed. */
    private static final List<String> V1_CONTROLLERS = List.of("freezer", "memory", "pids");

    private final boolean v2;
    /** Controller (v1) or "unified" (v2) → this node's base directory in that hierarchy. */
    private final Map<String, Path> bases;

    private Cgroups(boolean v2, Map<String, Path> bases) {
        this.v2 = v2;
        this.bases = bases;
    }

    /** Cgroups are not used: the node confines jobs by other means. */
    public static Cgroups none() {
        return new Cgroups(false, Map.of());
    }

    public boolean available() {
        return !bases.isEmpty();
    }

    public boolean limitsMemory() {
        return v2 ? Files.exists(bases.get("unified").resolve("cgroup.subtree_control")) && memoryDelegated()
                : bases.containsKey("memory");
    }

    private boolean memoryDelegated() {
        try {
            return Files.readString(bases.get("unified").resolve("cgroup.subtree_control")).contains("memory");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The node's cgroups under key {@code key}, made now where this process may: cgroup v1 when the freezer
     * or memory hierarchy is mounted and writable, else v2. None when neither is.
     */
    public static Cgroups detect(String key) {
        Map<String, Path> mounts = new LinkedHashMap<>();
        Path unifiedMount = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8)) {
                String[] halves = line.split(" - ", 2);
                if (halves.length < 2) {
                    continue;
                }
                String[] left = halves[0].split(" ");
                String[] right = halves[1].split(" ");
                if (left.length < 5 || right.length < 3 || !left[3].equals("/")) {
                    continue; // a cgroup mounted from inside its hierarchy: own paths would not map onto it
                }
                Path mount = Path.of(left[4]);
                if (right[0].equals("cgroup2")) {
                    unifiedMount = mount;
                } else if (right[0].equals("cgroup")) {
                    for (String opt : right[2].split(",")) {
                        if (V1_CONTROLLERS.contains(opt)) {
                            mounts.put(opt, mount);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            log.debug("cannot read the cgroup mounts: {}", e.toString());
            return none();
        }
        Map<String, String> own = ownPaths();
        Map<String, Path> v1 = new LinkedHashMap<>();
        for (String c : V1_CONTROLLERS) {
            Path base = base(mounts.get(c), own.get(c), key);
            if (base != null) {
                v1.put(c, base);
            }
        }
        if (v1.containsKey("freezer") || v1.containsKey("memory")) {
            return new Cgroups(false, v1);
        }
        v1.values().forEach(Cgroups::removeQuietly);
        Path unified = base(unifiedMount, own.get(""), key);
        if (unified != null) {
            Cgroups c = new Cgroups(true, Map.of("unified", unified));
            c.delegateMemory();
            return c;
        }
        return none();
    }

    /** Controller name ("" for v2) → this process's path in that hierarchy, from /proc/self/cgroup. */
    private static Map<String, String> ownPaths() {
        Map<String, String> own = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"), StandardCharsets.UTF_8)) {
                String[] f = line.split(":", 3);
                if (f.length == 3) {
                    for (String c : f[1].split(",")) {
                        own.put(c, f[2]);
                    }
                }
            }
        } catch (IOException e) {
            log.debug("cannot read /proc/self/cgroup: {}", e.toString());
        }
        return own;
    }

    private static Path base(Path mount, String ownPath, String key) {
        if (mount == null || ownPath == null) {
            return null;
        }
        if ((mount + ownPath).chars().anyMatch(Character::isWhitespace)) {
            // A run's first process is given its cgroups as one word-split list (see Confinement).
            log.warn("jobs get no cgroup in {}: its path has white space", mount.resolve(ownPath.substring(1)));
            return null;
        }
        Path base = mount.resolve(ownPath.startsWith("/") ? ownPath.substring(1) : ownPath).resolve("cangrid-" + key);
        try {
            Files.createDirectories(base);
            return Files.isWritable(base.resolve("cgroup.procs")) ? base : null;
        } catch (IOException | SecurityException e) {
            log.debug("cannot make cgroup {}: {}", base, e.toString());
            return null;
        }
    }

    private void delegateMemory() {
        Path base = bases.get("unified");
        try {
            if (Files.readString(base.resolve("cgroup.controllers")).contains("memory")) {
                Files.writeString(base.resolve("cgroup.subtree_control"), "+memory");
            }
        } catch (IOException e) {
            log.debug("memory controller not delegated to {}: {}", base, e.toString());
        }
        try {
            // Separately: a machine may delegate memory and not cpu; jobs then run at nice 19 only.
            if (Files.readString(base.resolve("cgroup.controllers")).contains("cpu")) {
                Files.writeString(base.resolve("cgroup.subtree_control"), "+cpu");
            }
        } catch (IOException e) {
            log.debug("cpu controller not delegated to {}: {}", base, e.toString());
        }
    }

    /** Makes the cgroup of one run. */
    public JobCgroup create(String name) throws IOException {
        List<Path> dirs = new ArrayList<>();
        try {
            for (Path base : bases.values()) {
                Path d = base.resolve(name);
                Files.createDirectories(d);
                dirs.add(d);
            }
        } catch (IOException e) {
            dirs.forEach(Cgroups::removeQuietly);
            throw e;
        }
        return new JobCgroup(v2, List.copyOf(dirs));
    }

    /** Kills what runs in the cgroups a previous life of this node left, and removes them; returns how many. */
    public int reapLeftovers() {
        Map<String, List<Path>> byName = new LinkedHashMap<>();
        for (Path base : bases.values()) {
            try (Stream<Path> s = Files.list(base)) {
                s.filter(Files::isDirectory).forEach(d -> byName.computeIfAbsent(d.getFileName().toString(),
                        n -> new ArrayList<>()).add(d));
            } catch (IOException e) {
                log.warn("cannot list {}: {}", base, e.toString());
            }
        }
        byName.forEach((name, dirs) -> {
            JobCgroup left = new JobCgroup(v2, dirs);
            int pids = left.pids().size();
            left.kill();
            left.remove();
            log.info("ended {} process(es) a previous run of this node left in cgroup {}", pids, name);
        });
        return byName.size();
    }

    /** Removes this node's cgroup directories if no run is left in them (a node stopping for good, a test). */
    public void release() {
        bases.values().forEach(Cgroups::removeQuietly);
    }

    /**
     * Removes this node's cgroup directories once the runs still ending have removed theirs, waiting at most
     * {@code millis}: a stopping node's aborted runs end on their own threads. Returns whether all are gone;
     * what is left is ended and removed by the node's next start on the same work directory.
     */
    public boolean releaseWithin(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            release();
            if (bases.values().stream().noneMatch(Files::exists)) {
                return true;
            }
            if (System.nanoTime() >= deadline) {
                log.info("cgroups {} still hold runs; the node's next start on its work directory ends them",
                        bases.values());
                return false;
            }
            Thread.sleep(50);
        }
    }

    /** E.g. "cgroup v1 (freezer, memory, pids)". */
    public String describe() {
        return !available() ? "no cgroups" : v2 ? "cgroup v2" + (limitsMemory() ? " (memory)" : "")
                : "cgroup v1 (" + String.join(", ", bases.keySet()) + ")";
    }

    static void removeQuietly(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            log.debug("cannot remove cgroup {}: {}", dir, e.toString());
        }
    }
}
