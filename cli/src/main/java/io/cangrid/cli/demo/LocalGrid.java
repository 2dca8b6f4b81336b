package io.cangrid.cli.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code cangrid node} processes on 127.0.0.1, each with its own work directory under one directory and
 * one secret: what the demo and the multi-process tests run. Every process it started is stopped by
 * {@link #close}, also when starting failed half way.
 */
public final class LocalGrid implements AutoCloseable {

    private static final long ADDRESS_WAIT_MILLIS = 30_000;

    private final Path dir;
    private final Path jar;
    private final List<String> nodeOptions;
    private final List<String> firstNodeOptions;
    private List<String> commandPrefix = List.of();
    private final List<Process> processes = new ArrayList<>();
    private final List<String> addresses = new ArrayList<>();
    private java.util.function.IntFunction<List<String>> perNodeOptions = i -> List.of();
    private java.util.function.IntFunction<List<String>> prefixOf = i -> commandPrefix;
    private java.util.function.IntFunction<String> hostOf = i -> "127.0.0.1";

    /**
     * @param jar         the packaged cangrid jar the nodes run
     * @param nodeOptions options added to every {@code node} command (exec policy, periods, capabilities)
     */
    public LocalGrid(Path dir, Path jar, List<String> nodeOptions) {
        this(dir, jar, nodeOptions, List.of());
    }

    /** @param firstNodeOptions options added to the first node's command only (the demo's dashboard) */
    public LocalGrid(Path dir, Path jar, List<String> nodeOptions, List<String> firstNodeOptions) {
        this.dir = dir;
        this.jar = jar;
        this.nodeOptions = List.copyOf(nodeOptions);
        this.firstNodeOptions = List.copyOf(firstNodeOptions);
    }

    /**
     * Runs every node's command after {@code prefix}, a program that then runs it in its place (so that the
     * process stopped is still the node's), e.g. {@code prlimit --nofile=4096:4096 --} for a node under a
     * lower file limit than this JVM's. Call before {@link #start}.
     */
    public LocalGrid withCommandPrefix(List<String> prefix) {
        this.commandPrefix = List.copyOf(prefix);
        return this;
    }

    /**
     * Adds the options {@code perNode} gives for each node's index to that node's command (say, a file of its
     * own). Call before {@link #start}.
     */
    public LocalGrid withNodeOptions(java.util.function.IntFunction<List<String>> perNode) {
        this.perNodeOptions = perNode;
        return this;
    }

    /**
     * Places node {@code i} where {@code host} says it listens (and advertises), its command run after
     * {@code prefix} (say, {@code ip netns exec NS} for a node of its own network namespace). Both are asked
     * again when a node restarts, so a node can come back elsewhere. Call before {@link #start}.
     */
    public LocalGrid withPlacement(java.util.function.IntFunction<List<String>> prefix,
            java.util.function.IntFunction<String> host) {
        this.prefixOf = prefix;
        this.hostOf = host;
        return this;
    }

    /** The process id of node {@code i}'s process. */
    public long pid(int i) {
        return processes.get(i).pid();
    }

    /** The jar this code runs from, when it runs from one. */
    public static Path runningJar() {
        try {
            Path p = Path.of(LocalGrid.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return p.toString().endsWith(".jar") ? p : null;
        } catch (java.net.URISyntaxException | SecurityException e) {
            return null;
        }
    }

    public Path secret() {
        return dir.resolve("secret");
    }

    /** Starts {@code count} nodes, the first a new grid and the others joining through it, one after another. */
    public void start(int count) throws IOException, InterruptedException {
        start(count, (i, address) -> { });
    }

    /** As {@link #start(int)}, telling {@code started} of each node once it is up (its index and address). */
    public void start(int count, java.util.function.BiConsumer<Integer, String> started)
            throws IOException, InterruptedException {
        for (int i = 0; i < count; i++) {
            Process p = launch(i, i == 0 ? null : addresses.get(0));
            processes.add(p);
            addresses.add(awaitAddress(i, p));
            started.accept(i, addresses.get(i));
        }
    }

    private Process launch(int i, String join) throws IOException {
        Path work = dir.resolve("node" + i);
        Files.createDirectories(work);
        List<String> cmd = new ArrayList<>(prefixOf.apply(i));
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-jar", jar.toAbsolutePath().toString(), "node",
                "--listen", hostOf.apply(i) + ":0", "--workdir", work.toString(), "--secret-file",
                secret().toString()));
        cmd.addAll(nodeOptions);
        if (i == 0) {
            cmd.addAll(firstNodeOptions);
        }
        cmd.addAll(perNodeOptions.apply(i));
        if (join != null) {
            cmd.add("--join");
            cmd.add(join);
        }
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(work.resolve("node.log").toFile())).start();
    }

    private String awaitAddress(int i, Process p) throws IOException, InterruptedException {
        Path file = dir.resolve("node" + i).resolve("address");
        long deadline = System.currentTimeMillis() + ADDRESS_WAIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(file)) {
                return Files.readString(file).strip();
            }
            if (!p.isAlive()) {
                throw new IOException("node " + i + " ended at start: " + log(i));
            }
            Thread.sleep(50);
        }
        throw new IOException("node " + i + " wrote no address within " + ADDRESS_WAIT_MILLIS + " ms: " + log(i));
    }

    public List<String> addresses() {
        return List.copyOf(addresses);
    }

    public String address(int i) {
        return addresses.get(i);
    }

    public int size() {
        return processes.size();
    }

    public boolean isAlive(int i) {
        return processes.get(i).isAlive();
    }

    /** SIGTERM: the node leaves gracefully; waits for its process to end. */
    public void stop(int i) throws InterruptedException {
        processes.get(i).destroy();
        if (!processes.get(i).waitFor(15, TimeUnit.SECONDS)) {
            processes.get(i).destroyForcibly();
        }
    }

    /**
     * Starts node {@code i} again on its work directory (after a kill or a stop), joining through the first
     * node unless it is the first; returns its new address.
     */
    public String restart(int i) throws IOException, InterruptedException {
        return restart(i, i == 0 ? -1 : 0);
    }

    /** As {@link #restart(int)}, joining through node {@code through} (-1: starting a new grid). */
    public String restart(int i, int through) throws IOException, InterruptedException {
        if (processes.get(i).isAlive()) {
            throw new IllegalStateException("node " + i + " is still running");
        }
        Files.deleteIfExists(dir.resolve("node" + i).resolve("address"));
        Process p = launch(i, through < 0 ? null : addresses.get(through));
        processes.set(i, p);
        addresses.set(i, awaitAddress(i, p));
        return addresses.get(i);
    }

    /** The work directory of node {@code i}. */
    public Path workdir(int i) {
        return dir.resolve("node" + i);
    }

    /** SIGKILL: the node gets no chance to say goodbye. */
    public void kill(int i) throws InterruptedException {
        processes.get(i).destroyForcibly();
        processes.get(i).waitFor(10, TimeUnit.SECONDS);
    }

    public String log(int i) throws IOException {
        Path f = dir.resolve("node" + i).resolve("node.log");
        return Files.exists(f) ? Files.readString(f) : "(no log)";
    }

    /** Stops every node: SIGTERM (a graceful leave), then SIGKILL for any still running after a few seconds. */
    @Override
    public void close() throws InterruptedException {
        for (Process p : processes) {
            p.destroy();
        }
        long deadline = System.currentTimeMillis() + 5_000;
        for (Process p : processes) {
            long left = Math.max(1, deadline - System.currentTimeMillis());
            if (!p.waitFor(left, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
