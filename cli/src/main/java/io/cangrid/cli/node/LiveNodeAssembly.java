package io.cangrid.cli.node;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.inspect.InspectableNode;
import io.cangrid.can.match.CanGridNodes;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.GridSettings;
import io.cangrid.hygra.grid.HygraGridConfig;
import io.cangrid.hygra.grid.HygraGridNodes;
import io.cangrid.hygra.grid.HygraLocator;
import io.cangrid.hygra.grid.HygraOverlay;
import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.Point;
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
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.wire.MessageCodec;
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
 * job life cycle, locator) on the CAN with CAN-PX matchmaking, or on HYGRA's hyperspace with HYGRA's
 * search, whose run node executes real processes confined under the node's execution settings, wrapped so that it
 * answers operators' inspection requests and clients' job requests ({@link JobGateway}), with its jobs and
 * results kept under the work directory.
 *
 * @param workdir the node's work directory: {@code jobs/} holds the job store, {@code runs/} the runs
 * @param observer told of the node's job events besides its own log (a benchmark's clock); usually none
 */
record LiveNodeAssembly(LiveLocator locator, CanConfig can, JobConfig jobs, Capabilities capabilities,
        List<NodeId> bootstraps, CanListener extraListener, Path workdir, ExecSettings exec, long resultRetentionMillis,
        int maxFrameBytes, JobEvents observer) {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node");
    /** Room a result's message leaves for what travels with it (ids, reason) in the replies that carry it on. */
    static final int RESULT_MARGIN_BYTES = 1024;
    /** The frame's sequence number and MAC. */
    static final int FRAME_OVERHEAD_BYTES = 24;

    LiveNodeAssembly(LiveLocator locator, CanConfig can, JobConfig jobs, Capabilities capabilities,
            List<NodeId> bootstraps, CanListener extraListener, Path workdir, ExecSettings exec,
            long resultRetentionMillis, int maxFrameBytes) {
        this(locator, can, jobs, capabilities, bootstraps, extraListener, workdir, exec, resultRetentionMillis,
                maxFrameBytes, JobEvents.NONE);
    }

    /*
     * A search moves by one message a step, milliseconds apart on a live grid; one that waits far longer
     * than every allowed move could take went to a node that died, and the owner should search again soon
     * rather than after the simulation's generous default (minutes at the paper's hop limit).
     */
    static final long LIVE_SEARCH_BASE_MILLIS = 5_000;
    static final long LIVE_SEARCH_MOVE_MILLIS = 20;

    /**
     * The node's program. Deciding how jobs are confined happens here, on the caller's thread.
     *
     * @throws IllegalArgumentException when the execution settings cannot be honoured on this machine
     */
    NodeProgramFactory program() {
        ResourceSchema schema = ResourceSchema.defaultSchema();
        JobStore store = new JobStore(workdir.resolve("jobs"), MessageCodec.discover(maxFrameBytes));
        Confinement confinement = Confinement.prepare(exec, key(workdir));
        if (exec.policy().runsAnything()) {
            log.info("jobs run {}", confinement.describe());
        }
        ExecutionFactory execution = ProcessExecution.factory(workdir.resolve("runs"), confinement,
                resultFit(schema, maxFrameBytes));
        return ctx -> {
            JobEvents events = observer == JobEvents.NONE ? new LiveJobEvents()
                    : new BothJobEvents(new LiveJobEvents(), observer);
            if (locator == LiveLocator.HYGRA) {
                HygraParameters parameters = HygraParameters.paperDefaults();
                HygraGridConfig config = HygraGridConfig.of(parameters, schema, can.updatePeriodMillis())
                        .withSearchTimeout(LIVE_SEARCH_BASE_MILLIS + LIVE_SEARCH_MOVE_MILLIS * parameters.hopLimit());
                JobNode<HygraOverlay> node = HygraGridNodes.create(ctx, config,
                        new JobNodeSettings(jobs, schema, events, execution), capabilities, bootstraps,
                        HygraLocator.factory());
                node.agent().recordInto(new CachedJobTrail());
                node.agent().keepOutcomesIn(store);
                HygraInspection inspectable = new HygraInspection(ctx, node, node.overlay(),
                        () -> node.agent().queue().length());
                return new JobGateway(ctx, node, inspectable, store, jobs, resultRetentionMillis);
            }
            GridSettings settings = new GridSettings(can, jobs, schema, CanPLocator.factory(schema, CanPConfig.px()),
                    events, execution);
            JobNode<CanOverlay> node = CanGridNodes.create(ctx, settings, capabilities, bootstraps);
            // Live nodes keep what they decided about each job, bounded, for `cangrid explain`.
            node.agent().recordInto(new CachedJobTrail());
            node.agent().keepOutcomesIn(store);
            node.overlay().can().addListener(new NodeEventsLog(node.overlay().can()));
            node.overlay().can().addListener(extraListener);
            InspectableNode inspectable = new InspectableNode(ctx, node, node.overlay().can(),
                    () -> node.agent().queue().length());
            return new JobGateway(ctx, node, inspectable, store, jobs, resultRetentionMillis);
        };
    }

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
