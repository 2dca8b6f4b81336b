package io.cangrid.cli.node;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.BothJobEvents;
import io.cangrid.jobs.exec.Cgroups;
import io.cangrid.jobs.exec.Confinement;
import io.cangrid.jobs.exec.ExecSettings;
import io.cangrid.jobs.exec.ProcessExecution;
import io.cangrid.jobs.exec.ResultFit;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.gateway.JobStore;
import io.cangrid.jobs.CachedJobTrail;
import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobDone;
import io.cangrid.jobs.JobNode;
import io.cangrid.simulator.locator.LocatorCatalog;
import io.cangrid.simulator.run.GridKind;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.OwnerPolicy;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.wire.MessageCodec;
import io.cangrid.jobs.files.ChunkStore;
import io.cangrid.jobs.files.FileQuotas;
import io.cangrid.jobs.files.FileService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that decides what program a {@code cangrid node} process runs: a full grid node (overlay,
 * job life cycle, locator) of the grid its locator names in the grid registry ({@link GridKind}, which the
 * simulation and PeerSim read too), whose run node executes real processes confined under the node's execution settings, wrapped so that it
 * answers operators' inspection requests and clients' job requests ({@link JobGateway}), with its jobs and
 * results kept under the work directory.
 *
 * @param workdir the node's work directory: {@code jobs/} holds the job store, {@code runs/} the runs
 * @param observer told of the node's job events besides its own log (a benchmark's clock); usually none
 * @param files    what its chunk store ({@code files/} of the work directory) and jobs' large files may take
 * @param machine  what it says of its machine beyond its capabilities, and which jobs it accepts
 */
record LiveNodeAssembly(String locator, CanConfig can, JobConfig jobs, Capabilities capabilities,
        List<NodeId> bootstraps, CanListener extraListener, Path workdir, ExecSettings exec, long resultRetentionMillis,
        int maxFrameBytes, JobEvents observer, int cores, OwnerPolicy owner, FileQuotas files, MachineTerms machine) {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node");
    /**
     * The live grid's resource space: cpu, memory, disk and the cores a node lends, so that a job of k cores
     * is routed only to nodes of k cores or more, and one wider than every node ends NO_MATCH naming cores.
     */
    static final ResourceSchema SCHEMA = ResourceSchema.desktopSchema();
    private static final int CORES = SCHEMA.indexOf(ResourceSchema.CORES);

    /**
     * @throws IllegalArgumentException when {@code capabilities} do not give one value per dimension of
     *         {@link #SCHEMA}, or say another number of cores than the node lends
     */
    LiveNodeAssembly {
        if (capabilities.size() != SCHEMA.realDimensions()) {
            throw new IllegalArgumentException("a live node's capabilities give " + SCHEMA.realDimensions()
                    + " values (cpu, memory, disk, cores), not " + capabilities.size() + ": " + capabilities);
        }
        // The node's point and its run queue must agree, or jobs would be routed to cores it does not lend.
        if (capabilities.get(CORES) != cores) {
            throw new IllegalArgumentException("the node lends " + cores + " core(s) but its capabilities say "
                    + capabilities.get(CORES));
        }
    }
    /** Room a result's message leaves for what travels with it (ids, reason) in the replies that carry it on. */
    static final int RESULT_MARGIN_BYTES = 1024;
    /** The frame's sequence number and MAC. */
    static final int FRAME_OVERHEAD_BYTES = 24;

    LiveNodeAssembly(String locator, CanConfig can, JobConfig jobs, Capabilities capabilities,
            List<NodeId> bootstraps, CanListener extraListener, Path workdir, ExecSettings exec,
            long resultRetentionMillis, int maxFrameBytes) {
        this(locator, can, jobs, capabilities, bootstraps, extraListener, workdir, exec, resultRetentionMillis,
                maxFrameBytes, JobEvents.NONE, coresOf(capabilities), null, FileQuotas.DEFAULT, MachineTerms.NONE);
    }

    /**
     * A live node's capabilities in {@link #SCHEMA}'s order: the cores it lends are part of its point, as
     * its memory is.
     */
    static Capabilities capabilities(double cpu, double memoryMiB, double diskGiB, int cores) {
        double[] values = new double[SCHEMA.realDimensions()];
        values[SCHEMA.indexOf(ResourceSchema.CPU)] = cpu;
        values[SCHEMA.indexOf(ResourceSchema.MEMORY)] = memoryMiB;
        values[SCHEMA.indexOf(ResourceSchema.DISK)] = diskGiB;
        values[CORES] = cores;
        return new Capabilities(values);
    }

    /** The cores {@code capabilities} say a node lends; 1 when they give too few values (refused then). */
    private static int coresOf(Capabilities capabilities) {
        return capabilities.size() > CORES ? (int) capabilities.get(CORES) : 1;
    }

    /** The same node lending {@code n} cores to its jobs, its point moved to {@code n} on the cores axis. */
    LiveNodeAssembly withCores(int n) {
        double[] values = capabilities.toArray();
        values[CORES] = n;
        return new LiveNodeAssembly(locator, can, jobs, new Capabilities(values), bootstraps, extraListener, workdir,
                exec, resultRetentionMillis, maxFrameBytes, observer, n, owner, files, machine);
    }

    /** The same node yielding to its machine's owner as {@code policy} says (null: running jobs regardless). */
    LiveNodeAssembly withOwner(OwnerPolicy policy) {
        return new LiveNodeAssembly(locator, can, jobs, capabilities, bootstraps, extraListener, workdir, exec,
                resultRetentionMillis, maxFrameBytes, observer, cores, policy, files, machine);
    }

    /** The same node with other file quotas. */
    LiveNodeAssembly withFiles(FileQuotas quotas) {
        return new LiveNodeAssembly(locator, can, jobs, capabilities, bootstraps, extraListener, workdir, exec,
                resultRetentionMillis, maxFrameBytes, observer, cores, owner, quotas, machine);
    }

    /** The same node describing its machine and accepting jobs as {@code terms} say. */
    LiveNodeAssembly withMachine(MachineTerms terms) {
        return new LiveNodeAssembly(locator, can, jobs, capabilities, bootstraps, extraListener, workdir, exec,
                resultRetentionMillis, maxFrameBytes, observer, cores, owner, files, terms);
    }

    /*
     * A search moves by one message a step, milliseconds apart on a live grid; one that waits far longer
     * than every allowed move could take went to a node that died, and the owner should search again soon
     * rather than after the simulation's generous default (minutes at the paper's hop limit).
     */
    static final long LIVE_SEARCH_BASE_MILLIS = 5_000;
    static final long LIVE_SEARCH_MOVE_MILLIS = 20;

    /** Where a node keeps its jobs, in its work directory. */
    static Path jobStoreIn(Path workdir) {
        return workdir.resolve("jobs");
    }

    /**
     * The node's program. Deciding how jobs are confined happens here, on the caller's thread.
     *
     * @throws IllegalArgumentException when the execution settings cannot be honoured on this machine
     */
    NodeProgramFactory program() {
        ResourceSchema schema = SCHEMA;
        JobStore store = new JobStore(jobStoreIn(workdir), MessageCodec.discover(maxFrameBytes));
        Confinement confinement = Confinement.prepare(exec, key(workdir));
        if (exec.policy().runsAnything()) {
            log.info("jobs run {}", confinement.describe());
        }
        Path runs = workdir.resolve("runs");
        ProcessExecution.clean(runs, confinement);
        ResultFit fit = resultFit(schema, maxFrameBytes);
        ChunkStore chunks;
        try {
            chunks = new ChunkStore(workdir.resolve("files").resolve("chunks"), files.cacheBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the node's chunk store under " + workdir + ": "
                    + e.getMessage(), e);
        }
        LocatorCatalog.validateLive(locator);
        MachineAd machineAd = (machine == null ? MachineTerms.NONE : machine).ad(schema, capabilities);
        log.info("this machine's ad: {}", machineAd.ad());
        return ctx -> {
            FileService fileService = new FileService(ctx, chunks, files);
            ExecutionFactory execution = (c, cpu) -> new ProcessExecution(c, cpu, runs, confinement, fit, fileService);
            JobEvents events = observer == JobEvents.NONE ? new LiveJobEvents()
                    : new BothJobEvents(new LiveJobEvents(), observer);
            // What a grid is comes from the registry the simulation and PeerSim read too.
            GridKind grid = GridKind.live(locator, can, new JobNodeSettings(jobs, schema, events, execution, cores),
                    LIVE_SEARCH_BASE_MILLIS, LIVE_SEARCH_MOVE_MILLIS);
            JobNode<?> node = grid.newNode(ctx, capabilities, bootstraps);
            // Live nodes keep what they decided about each job, bounded, for `cangrid explain`.
            node.agent().recordInto(new CachedJobTrail());
            if (owner != null) {
                node.agent().watchOwner(owner);
            }
            // A job runs here only when its requirements hold of this machine and the machine's --accept of it.
            node.agent().matchWith(machineAd);
            node.agent().keepOutcomesIn((id, outcome, by) -> {
                store.keep(id, outcome, by);
                // The owner keeps the large outputs too: the result outlives both its run node and the node
                // the job came in through.
                fileService.pull(id, outcome.output(), outcome.runNode());
            });
            // A client's submission returns when the owner says it holds the job, not at the gateway's next poll.
            node.agent().acknowledgeTakenJobs();
            if (node.overlay() instanceof CanOverlay overlay) {
                // Jobs cross a stack of alike nodes in one hop once their owners have answered.
                overlay.can().useOwnerShortcuts();
                // The two sides of a partition that healed become one grid again (the younger joins the older).
                overlay.can().useReunions();
                overlay.can().addListener(new NodeEventsLog(overlay.can()));
                overlay.can().addListener(extraListener);
            }
            JobGateway gateway = new JobGateway(ctx, node, grid.inspected(ctx, node), store, jobs, resultRetentionMillis);
            gateway.useFiles(fileService);
            return gateway;
        };
    }

    /**
     * Gives back what the node took of the machine for its jobs (its cgroup directories) once it has stopped:
     * a node that ran nothing made none. With {@code endRuns}, runs still in them are ended first (a test
     * grid's crashed nodes, whose runs no watcher ends while their process lives); otherwise the node waits,
     * bounded, for its aborted runs to leave.
     */
    static void releaseMachine(Path workdir, ExecSettings exec, boolean endRuns) throws InterruptedException {
        if (!exec.policy().runsAnything()) {
            return;
        }
        Cgroups cgroups = Cgroups.detect(key(workdir));
        if (endRuns) {
            cgroups.reapLeftovers();
        }
        cgroups.releaseWithin(RELEASE_WAIT_MILLIS);
    }

    /** How long a stopping node waits for its aborted runs to leave their cgroups. */
    static final long RELEASE_WAIT_MILLIS = 2_000;

    /** Names a work directory's cgroups: the same for the same directory, whichever process runs on it. */
    static String key(Path workdir) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(workdir.toAbsolutePath().normalize().toString()
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** Results must fit one frame: measured as the message that carries them to the owner, exactly encoded. */
    static ResultFit resultFit(ResourceSchema schema, int maxFrameBytes) {
        MessageCodec measure = MessageCodec.discover(64 << 20);
        JobId sample = new JobId(Long.MAX_VALUE, Point.of(new double[schema.dimensions().size()]));
        return new ResultFit(out -> measure.encode(new JobDone(sample, JobState.COMPLETED, null, out, Long.MAX_VALUE))
                .length, maxFrameBytes - FRAME_OVERHEAD_BYTES - RESULT_MARGIN_BYTES);
    }
}
