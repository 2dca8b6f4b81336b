package io.cangrid.cli.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cangrid.cli.demo.LocalGrid;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight {@code cangrid node} processes, each on a host of its own (a network namespace with an address from
 * 198.18.0.0/15), and a client on a ninth; 200 jobs submitted through random nodes while three nodes are cut
 * off from five for 60 s and healed, one node stops hearing another for 30 s, one node is restarted on a new
 * host with its work directory, and every link is slowed by 100 ± 50 ms and loses 2% of what it carries
 * throughout. A {@link Checker} then reads what the clients saw.
 *
 * <p>Run by {@code .ci/run} (as root) with {@code CANGRID_HOSTS=run}; elsewhere it is skipped, saying so.
 */
class AcrossHostsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "cangrid.jar");
    private static final int NODES = 8;
    private static final int BATCHES = 8;
    private static final int PER_BATCH = 25;
    private static final int CLIENT_HOST = 250;
    /** A second client, cut off with the three nodes: jobs are submitted on both sides of the partition. */
    private static final int ISLAND_CLIENT_HOST = 251;
    private static final int MOVED_HOST = 40;
    private static final Set<Integer> CUT_OFF = Set.of(5, 6, 7);
    private static final long PARTITION_MILLIS = 60_000;
    private static final long ONE_WAY_MILLIS = 30_000;
    private static final long UPDATE_PERIOD_MILLIS = 1_000;
    private static final long END_WAIT_MILLIS = 300_000;
    private static final long CLIENT_SECONDS = 120;
    private static final String SLOW_LOSSY = "delay = 100ms\njitter = 50ms\nloss = 0.02\n";

    /** Kept when the run fails: the nodes' logs say what the report above left out. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    private final int[] host = new int[NODES];
    private Netns net;
    private LocalGrid grid;
    private final History history = new History();
    private int zoneErrors;
    /** The host client commands run on. */
    private int onHost = CLIENT_HOST;

    @Test
    void jobsEndOnceWithOneResultThroughPartitionsAOneWayLinkARestartDelayAndLoss() throws Exception {
        assumeTrue("run".equals(System.getenv("CANGRID_HOSTS")),
                "the test bed of network namespaces runs from .ci/run as root (CANGRID_HOSTS=run)");
        assertThat(JAR).as("the shaded jar is packaged before integration tests").exists();
        long seed = Long.getLong("cangrid.hosts.seed", System.nanoTime());
        report("seed " + seed + " (-Dcangrid.hosts.seed=" + seed + " repeats the choices of nodes)");
        SplittableRandom random = new SplittableRandom(seed);
        try (Netns made = Netns.create()) {
            net = made;
            for (int i = 0; i < NODES; i++) {
                host[i] = 10 + i;
                net.addHost(host[i]);
            }
            net.addHost(MOVED_HOST);
            net.addHost(CLIENT_HOST);
            net.addHost(ISLAND_CLIENT_HOST);
            for (int i = 0; i < NODES; i++) {
                Files.writeString(faults(i), SLOW_LOSSY);
            }
            grid = new LocalGrid(dir, JAR, List.of("--exec", "allow:sh", "--set", "grid.update-period=1s",
                    "--set", "grid.heartbeat-period=2s", "--cpu", "1", "--memory", "1GiB", "--disk", "10GiB"))
                    .withPlacement(i -> net.on(host[i]), i -> Netns.address(host[i]))
                    .withNodeOptions(i -> List.of("--set", "grid.faults-file=" + faults(i)));
            try {
                run(random, seed);
            } catch (AssertionError | RuntimeException e) {
                report("seed " + seed + ": " + e.getMessage() + " (the nodes' work directories are kept in " + dir + ")");
                for (int i = 0; i < NODES; i++) {
                    report("node " + i + " (" + grid.address(i) + ") said: " + said(grid.log(i)));
                }
                throw e;
            } finally {
                grid.close();
            }
        }
    }

    private void run(SplittableRandom random, long seed) throws Exception {
        grid.start(NODES);
        awaitTiled(NODES, 60_000);
        int batch = 0;
        submit(batch++, random.nextInt(NODES));
        submit(batch++, random.nextInt(NODES));

        long cut = System.currentTimeMillis();
        Set<Integer> island = new java.util.HashSet<>(Set.of(ISLAND_CLIENT_HOST));
        CUT_OFF.forEach(i -> island.add(host[i]));
        net.partition(island);
        report("partition: nodes " + CUT_OFF + " cut off from the others");
        Thread.sleep(5_000);
        submit(batch++, random.nextInt(5));
        onHost = ISLAND_CLIENT_HOST;
        submit(batch++, 5 + random.nextInt(3));
        onHost = CLIENT_HOST;
        sleepUntil(cut + PARTITION_MILLIS);
        net.heal();
        report("healed after " + (System.currentTimeMillis() - cut) + " ms");
        submit(batch++, random.nextInt(NODES));

        int deaf = 2;
        int unheard = 3;
        Files.writeString(faults(deaf), SLOW_LOSSY + "cut-to = " + Netns.address(host[unheard]) + "\n");
        report("one way: node " + deaf + " no longer reaches node " + unheard);
        long oneWay = System.currentTimeMillis();
        submit(batch++, random.nextInt(NODES));
        sleepUntil(oneWay + ONE_WAY_MILLIS);
        Files.writeString(faults(deaf), SLOW_LOSSY);

        submit(batch++, random.nextInt(NODES));
        int moved = 4;
        grid.kill(moved);
        host[moved] = MOVED_HOST;
        submit(batch++, random.nextInt(moved));
        String address = grid.restart(moved, 0);
        report("node " + moved + " restarted on " + address + " with its work directory");
        long lastFault = System.currentTimeMillis();
        assertThat(batch).isEqualTo(BATCHES);

        long tiled = awaitTiled(NODES, 60 * UPDATE_PERIOD_MILLIS);
        double periods = (tiled - lastFault) / (double) UPDATE_PERIOD_MILLIS;
        report("zones tiled with exact tables " + (tiled - lastFault) + " ms after the last fault ended: "
                + String.format("%.1f", periods) + " update periods");
        awaitEnded(System.currentTimeMillis() + END_WAIT_MILLIS);
        for (History.Submitted s : List.copyOf(history.submitted)) {
            for (int through : List.of(0, NODES - 1)) {
                fetchResults(s.cluster(), through);
            }
        }
        zones();
        List<String> wrong = Checker.check(history, NODES);
        history.noRecord.stream().limit(10).forEach(r -> report("no record: " + r));
        report("checked: " + history.acknowledged() + " jobs acknowledged, " + history.seen.size() + " status reads ("
                + history.unanswered + " more no owner answered in time), "
                + history.results.size() + " results fetched, " + history.zones.size() + " zone views; "
                + wrong.size() + " finding(s)" + (wrong.isEmpty() ? "" : ": " + wrong.subList(0, Math.min(20,
                        wrong.size()))));
        assertThat(history.acknowledged()).as("acknowledged jobs (refused: %s)", history.refused)
                .isEqualTo(BATCHES * PER_BATCH);
        assertThat(wrong).as("seed %d: what the checker found", seed).isEmpty();
        assertThat(periods).as("update periods from the last fault to exact tiling").isLessThanOrEqualTo(10);
    }

    /**
     * Fetches a cluster's results through node {@code through}. A job whose owner did not answer in time
     * (each link drops 2% of messages) is asked again, as a user would, at most twice more; what the last
     * try gets is recorded whatever it is, so a result no try could fetch is still found.
     */
    private void fetchResults(String cluster, int through) throws Exception {
        for (int attempt = 1; attempt <= 3; attempt++) {
            CliRun r = client("results", cluster, "--json", "--dir", dir.resolve("results-" + through).toString(),
                    "--peer", grid.address(through));
            JsonNode doc = r.json();
            boolean last = attempt == 3;
            if (doc == null) {
                if (last) {
                    history.refused("results of " + cluster + " through node " + through + ": " + r.err().strip());
                }
                continue;
            }
            List<JsonNode> ended = new ArrayList<>();
            boolean missing = false;
            for (JsonNode row : doc.path("jobs")) {
                if (last || Set.of("COMPLETED", "FAILED", "CANCELLED", "NO_MATCH").contains(row.path("state").asText())) {
                    ended.add(row);
                } else {
                    missing = true;
                }
            }
            history.results(JSON.valueToTree(java.util.Map.of("jobs", ended)), grid.address(through));
            if (!missing) {
                return;
            }
            report("results of " + cluster + " through node " + through + ": some not fetched, asking again");
            Thread.sleep(2_000);
        }
    }

    /** One line of what the run did, on the test's output (the test log holds warnings only). */
    private static void report(String line) {
        System.out.println("AcrossHostsIT: " + line);
    }

    /** The lines of a node's log about worlds, zones lost and warnings: what explains a grid that did not settle. */
    private static String said(String text) {
        List<String> kept = new ArrayList<>();
        for (String line : text.split("\\R")) {
            if (line.contains("world") || line.contains("WARN") || line.contains("ERROR") || line.contains("gave up")) {
                kept.add(line);
            }
        }
        return kept.size() <= 12 ? String.join("\n  ", kept)
                : String.join("\n  ", kept.subList(0, 6)) + "\n  ...\n  " + String.join("\n  ",
                        kept.subList(kept.size() - 6, kept.size()));
    }

    /** Submits one batch of jobs as a cluster through node {@code at}, again through others if refused. */
    private void submit(int batch, int at) throws Exception {
        Path file = dir.resolve("batch-" + batch + ".sub");
        // Each run prints a fresh random id: a job that ran twice to two results shows two different outputs.
        Files.writeString(file, "executable = /bin/sh\narguments = \"-c 'cat /proc/sys/kernel/random/uuid; sleep 1'\"\n"
                + "queue " + PER_BATCH + "\n");
        for (int attempt = 0; attempt < NODES; attempt++) {
            int through = (at + attempt) % NODES;
            CliRun r = client("submit", "-f", file.toString(), "--json", "--peer", grid.address(through));
            if (r.code() == 0 && r.json() != null) {
                for (JsonNode c : r.json().path("clusters")) {
                    history.submitted(c.path("cluster").asText(), c.path("jobs").size(), grid.address(through));
                    report("batch " + batch + ": cluster " + c.path("cluster").asText() + " of " + c.path("jobs").size()
                            + " jobs through node " + through);
                }
                return;
            }
            history.refused("batch " + batch + " through node " + through + ": " + r.err().strip());
        }
    }

    /** Reads every cluster's status until all jobs ended or {@code deadline}; each read goes into the history. */
    private void awaitEnded(long deadline) throws Exception {
        int through = 0;
        while (System.currentTimeMillis() < deadline) {
            boolean allEnded = true;
            for (History.Submitted s : List.copyOf(history.submitted)) {
                String address = grid.address(through);
                CliRun r = client("status", s.cluster(), "--json", "--peer", address);
                through = (through + 1) % NODES;
                if (r.json() == null) {
                    allEnded = false;
                    continue;
                }
                history.status(r.json(), address);
                for (JsonNode row : r.json().path("jobs")) {
                    allEnded &= Set.of("COMPLETED", "FAILED", "CANCELLED", "NO_MATCH").contains(row.path("state").asText());
                }
            }
            if (allEnded) {
                return;
            }
            Thread.sleep(2_000);
        }
    }

    /** Views the zones until they tile the space with exact tables; returns when they first did. */
    private long awaitTiled(int nodes, long atMost) throws Exception {
        long deadline = System.currentTimeMillis() + atMost;
        while (System.currentTimeMillis() < deadline) {
            JsonNode z = zones();
            if (z != null && z.path("count").asInt() == nodes && z.path("tilingOk").asBoolean()
                    && z.path("neighbourTablesOk").asBoolean()) {
                return System.currentTimeMillis();
            }
            Thread.sleep(UPDATE_PERIOD_MILLIS / 2);
        }
        throw new AssertionError("the zones of " + nodes + " nodes did not tile the space within " + atMost
                + " ms; last views: " + history.zones.subList(Math.max(0, history.zones.size() - 3),
                        history.zones.size()));
    }

    private JsonNode zones() throws Exception {
        CliRun r = client("nodes", "--json", "--peer", grid.address(0));
        if (r.json() != null) {
            history.zones(r.json());
        } else if (zoneErrors++ < 5) {
            report("nodes --peer " + grid.address(0) + " exited " + r.code() + ": " + r.err().strip());
        }
        return r.json();
    }

    private Path faults(int node) {
        return dir.resolve("faults-" + node);
    }

    private static void sleepUntil(long when) throws InterruptedException {
        long left = when - System.currentTimeMillis();
        if (left > 0) {
            Thread.sleep(left);
        }
    }

    record CliRun(int code, String out, String err) {
        /**
         * The command's JSON, whatever its exit code: `status` of a cluster exits 1 when the owner of some job
         * has no record of it, and still lists every job; a command that failed prints none.
         */
        JsonNode json() {
            if (out.isBlank()) {
                return null;
            }
            try {
                JsonNode doc = JSON.readTree(out);
                return doc != null && doc.isObject() ? doc : null;
            } catch (IOException e) {
                return null;
            }
        }
    }

    /** Runs a client command on the client's host, with the grid's secret and the client's own files. */
    private CliRun client(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(net.on(onHost));
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", JAR.toAbsolutePath().toString()));
        cmd.add(args[0]);
        cmd.addAll(List.of("--secret-file", dir.resolve("secret").toString(), "--key-file",
                dir.resolve("client.key").toString(), "--clusters-dir", dir.resolve("clusters").toString()));
        cmd.addAll(List.of(args).subList(1, args.length));
        if (!args[0].equals("submit") && !args[0].equals("status") && !args[0].equals("results")) {
            cmd.remove("--clusters-dir");
            cmd.remove(dir.resolve("clusters").toString());
        }
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(CLIENT_SECONDS, TimeUnit.SECONDS)) {
                return new CliRun(-1, "", String.join(" ", args) + ": no answer within " + CLIENT_SECONDS + " s");
            }
            return new CliRun(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
