package io.cangrid.cli.node;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.exec.ExecSettings;
import io.cangrid.jobs.files.FileQuotas;
import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.gateway.JobStore;
import io.cangrid.jobs.JobEvents;
import io.cangrid.live.GridSecret;
import io.cangrid.live.LiveNode;
import io.cangrid.live.LiveRuntime;
import io.cangrid.live.NetConfig;
import io.cangrid.overlay.resource.Capabilities;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A grid of live nodes on 127.0.0.1 in this JVM, each assembled exactly as {@code cangrid node} assembles
 * one ({@link LiveNodeAssembly}: CAN, job life cycle, CAN-PX, gateway, job store), talking authenticated TCP
 * under a fresh random secret. For benchmarks and tests: cheaper than a process per node, and the job
 * events of every node can be observed. {@link #close} stops every node.
 */
public final class LoopbackGrid implements AutoCloseable {

    /** Capabilities every node offers, unless started lending more cores: one baseline core, 1 GiB, 10 GiB. */
    static final Capabilities CAPABILITIES = LiveNodeAssembly.capabilities(1, 1024, 10, 1);
    static final int MAX_FRAME_BYTES = 1 << 20;
    static final long JOIN_WAIT_MILLIS = 20_000;

    private final NetConfig net;
    private final LiveRuntime runtime;
    private final List<LiveNode> nodes = new ArrayList<>();
    /** The policy node I was started with, to start it again on its work directory. */
    private final java.util.Map<Integer, ExecPolicy> policies = new java.util.HashMap<>();
    /** The cores node I lends, part of its point. */
    private List<Integer> cores;
    private Path workdir;
    private CanConfig can;
    private JobConfig jobs;
    private JobEvents observer;
    /** What node I says of its machine and which jobs it accepts: nothing beyond its capabilities unless set. */
    private List<MachineTerms> machines = List.of();

    private LoopbackGrid(NetConfig net, int threads) {
        this.net = net;
        this.runtime = new LiveRuntime(net, threads);
    }

    /**
     * Starts {@code count} nodes, one after the other, each joining through the first once it is active.
     *
     * @param secret the grid's secret (see {@link #randomSecret}); the grid has the default name
     * @param workdir each node's work directory is {@code workdir/node-I}
     * @param observer told of every node's job events, on that node's thread
     * @param threads the runtime's event-loop threads, which all nodes share
     */
    public static LoopbackGrid start(int count, GridSecret secret, Path workdir, ExecPolicy exec,
            long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads) throws InterruptedException {
        return start(java.util.Collections.nCopies(count, exec), secret, workdir, updatePeriodMillis, jobs, observer,
                threads);
    }

    /** As {@link #start(int, GridSecret, Path, ExecPolicy, long, JobConfig, JobEvents, int)}, node I under policy I. */
    public static LoopbackGrid start(List<ExecPolicy> policies, GridSecret secret, Path workdir,
            long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads) throws InterruptedException {
        return start(policies, java.util.Collections.nCopies(policies.size(), 1), secret, workdir, updatePeriodMillis,
                jobs, observer, threads);
    }

    /**
     * As {@link #start(int, GridSecret, Path, ExecPolicy, long, JobConfig, JobEvents, int)}, node I lending
     * {@code cores.get(I)} cores: machines that differ in cores, and so lie at different points of the
     * cores axis.
     */
    public static LoopbackGrid lending(List<Integer> cores, GridSecret secret, Path workdir, ExecPolicy exec,
            long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads) throws InterruptedException {
        return start(java.util.Collections.nCopies(cores.size(), exec), cores, secret, workdir, updatePeriodMillis,
                jobs, observer, threads);
    }

    /**
     * As {@link #start(int, GridSecret, Path, ExecPolicy, long, JobConfig, JobEvents, int)}, node I describing
     * its machine and accepting jobs as {@code machines.get(I)} says.
     */
    static LoopbackGrid describing(List<MachineTerms> machines, GridSecret secret, Path workdir, ExecPolicy exec,
            long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads) throws InterruptedException {
        return describing(machines, java.util.Collections.nCopies(machines.size(), 1), secret, workdir, exec,
                updatePeriodMillis, jobs, observer, threads);
    }

    /** As {@link #describing(List, GridSecret, Path, ExecPolicy, long, JobConfig, JobEvents, int)}, node I lending {@code cores.get(I)} cores. */
    static LoopbackGrid describing(List<MachineTerms> machines, List<Integer> cores, GridSecret secret, Path workdir,
            ExecPolicy exec, long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads)
            throws InterruptedException {
        return describing(machines, cores, NetConfig.of(NetConfig.DEFAULT_GRID, secret), workdir, exec,
                updatePeriodMillis, jobs, observer, threads);
    }

    /**
     * As {@link #describing(List, List, GridSecret, Path, ExecPolicy, long, JobConfig, JobEvents, int)}, the
     * nodes admitted by {@code net} (a grid of admission tokens, say).
     */
    static LoopbackGrid describing(List<MachineTerms> machines, List<Integer> cores, NetConfig net, Path workdir,
            ExecPolicy exec, long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads)
            throws InterruptedException {
        return start(java.util.Collections.nCopies(machines.size(), exec), cores, machines, net, workdir,
                updatePeriodMillis, jobs, observer, threads);
    }

    private static LoopbackGrid start(List<ExecPolicy> policies, List<Integer> cores, GridSecret secret, Path workdir,
            long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads) throws InterruptedException {
        return start(policies, cores, List.of(), secret, workdir, updatePeriodMillis, jobs, observer, threads);
    }

    private static LoopbackGrid start(List<ExecPolicy> policies, List<Integer> cores, List<MachineTerms> machines,
            GridSecret secret, Path workdir, long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads)
            throws InterruptedException {
        return start(policies, cores, machines, NetConfig.of(NetConfig.DEFAULT_GRID, secret), workdir,
                updatePeriodMillis, jobs, observer, threads);
    }

    private static LoopbackGrid start(List<ExecPolicy> policies, List<Integer> cores, List<MachineTerms> machines,
            NetConfig net, Path workdir, long updatePeriodMillis, JobConfig jobs, JobEvents observer, int threads)
            throws InterruptedException {
        int count = policies.size();
        LoopbackGrid grid = new LoopbackGrid(net, threads);
        grid.workdir = workdir;
        grid.cores = List.copyOf(cores);
        grid.can = CanConfig.withUpdatePeriod(updatePeriodMillis);
        grid.jobs = jobs;
        grid.observer = observer;
        grid.machines = List.copyOf(machines);
        try {
            for (int i = 0; i < count; i++) {
                grid.nodes.add(null);
                grid.startNode(i, policies.get(i), grid.nodes.size() == 1 ? null : grid.nodes.get(0).self());
            }
        } catch (RuntimeException | InterruptedException e) {
            grid.close();
            throw e;
        }
        return grid;
    }

    /** Starts node {@code i} on {@code workdir/node-I}, joining through {@code through} (null: a new grid). */
    private void startNode(int i, ExecPolicy policy, NodeId through) throws InterruptedException {
        Path dir = workdir.resolve("node-" + i);
        LiveNode node = runtime.bind(new InetSocketAddress("127.0.0.1", 0), null, 0);
        nodes.set(i, node);
        node.start(new LiveNodeAssembly("CAN-PX", can, jobs, CAPABILITIES,
                through == null ? List.of() : List.of(through), new CanListener() {
                }, dir, ExecSettings.of(policy).hiding(List.of(dir)), jobs.outcomeRetentionMillis(), MAX_FRAME_BYTES,
                observer, 1, null, FileQuotas.DEFAULT, i < machines.size() ? machines.get(i) : MachineTerms.NONE)
                .withCores(cores.get(i)).program()).join();
        policies.put(i, policy);
        awaitActive(node);
    }

    /**
     * Starts crashed node {@code i} again on its work directory, as a process restarted after a SIGKILL
     * would be: a new id and port, the job store and results of its previous life, joining through
     * {@code through}.
     */
    public void restart(int i, int through) throws InterruptedException {
        if (nodes.get(i).isRunning()) {
            throw new IllegalStateException("node " + i + " is still running");
        }
        startNode(i, policies.get(i), nodes.get(through).self());
    }

    public static GridSecret randomSecret() {
        byte[] key = new byte[SecretFile.NEW_SECRET_BYTES];
        new SecureRandom().nextBytes(key);
        return new GridSecret(key);
    }

    private void awaitActive(LiveNode node) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(JOIN_WAIT_MILLIS);
        while (System.nanoTime() < deadline) {
            if (node.inspect(p -> ((JobGateway) p).node().isActive()).join()) {
                return;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("node " + nodes.size() + " did not join within " + JOIN_WAIT_MILLIS + " ms");
    }

    public int size() {
        return nodes.size();
    }

    public NetConfig net() {
        return net;
    }

    /** The address of node {@code i}, as {@code --peer} takes it. */
    public String address(int i) {
        NodeId id = nodes.get(i).self();
        return id.host() + ":" + id.port();
    }

    /** Node {@code i}, to reach its program on its own thread. */
    public LiveNode node(int i) {
        return nodes.get(i);
    }

    /** A client of node {@code i}; the caller closes it. */
    public GridClient client(int i) {
        return client(i, net);
    }

    /** A client of node {@code i} admitted by {@code as} (another token of the grid's authority, say). */
    public GridClient client(int i, NetConfig as) {
        NodeId id = nodes.get(i).self();
        return new GridClient(as, id.host(), id.port());
    }

    /**
     * Crashes node {@code i} alone: it stops at once without a word to its peers, as a killed process
     * would, and they notice only by its silence. What it was running is left to finish unheard, as the
     * processes of a killed node are.
     */
    public void crash(int i) {
        nodes.get(i).crash();
    }

    /** The index of the node whose id is {@code id}, or -1 when it is none of this grid's. */
    public int indexOf(NodeId id) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).self().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The index of the running node whose zones hold {@code point} (the owner of a job there), or -1 when
     * none does right now (a zone is being taken over).
     */
    public int ownerOf(Point point) {
        for (int i = 0; i < nodes.size(); i++) {
            LiveNode n = nodes.get(i);
            if (n.isRunning() && n.inspect(p -> ((CanOverlay) ((JobGateway) p).node().overlay()).can().owns(point))
                    .join()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Crashes every node (no hand-over: the grid is thrown away) and stops the runtime. What the nodes' job
     * stores still had to write goes to disk before this returns: the work directory is then the caller's.
     */
    @Override
    public void close() {
        for (LiveNode n : nodes) {
            if (n != null) {
                n.crash();
            }
        }
        runtime.close();
        for (int i = 0; i < nodes.size(); i++) {
            JobStore.flushIn(LiveNodeAssembly.jobStoreIn(workdir.resolve("node-" + i)));
        }
        // The nodes' work directories become the caller's, to remove: their cgroups go first, or nothing would.
        try {
            for (java.util.Map.Entry<Integer, ExecPolicy> e : policies.entrySet()) {
                LiveNodeAssembly.releaseMachine(workdir.resolve("node-" + e.getKey()), ExecSettings.of(e.getValue()),
                        true);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
