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
import io.cangrid.overlay.exec.ExecLimits;
import io.cangrid.overlay.exec.ExecPolicy;
import io.cangrid.overlay.exec.ProcessExecution;
import io.cangrid.overlay.gateway.JobGateway;
import io.cangrid.overlay.gateway.JobStore;
import io.cangrid.overlay.job.CachedJobTrail;
import io.cangrid.overlay.job.ExecutionFactory;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.job.JobNode;
import io.cangrid.overlay.job.JobNodeSettings;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import java.util.List;

/**
 * The one place that decides what program a {@code cangrid node} process runs: a full grid node (overlay,
 * job life cycle, locator) on the CAN with CAN-PX matchmaking, or on HYGRA's hyperspace with HYGRA's
 * search, whose run node executes real processes under the node's execution policy, wrapped so that it
 * answers operators' inspection requests and clients' job requests ({@link JobGateway}), with its jobs and
 * results kept under the work directory.
 *
 * @param workdir the node's work directory: {@code jobs/} holds the job store, {@code runs/} the runs
 * @param observer told of the node's job events besides its own log (a benchmark's clock); usually none
 */
record LiveNodeAssembly(LiveLocator locator, CanConfig can, JobConfig jobs, Capabilities capabilities,
        List<NodeId> bootstraps, CanListener extraListener, Path workdir, ExecPolicy exec, long resultRetentionMillis,
        int maxFrameBytes, JobEvents observer) {

    LiveNodeAssembly(LiveLocator locator, CanConfig can, JobConfig jobs, Capabilities capabilities,
            List<NodeId> bootstraps, CanListener extraListener, Path workdir, ExecPolicy exec,
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

    NodeProgramFactory program() {
        ResourceSchema schema = ResourceSchema.defaultSchema();
        JobStore store = new JobStore(workdir.resolve("jobs"), MessageCodec.discover(maxFrameBytes));
        return ctx -> {
            JobEvents events = observer == JobEvents.NONE ? new LiveJobEvents(ctx, store)
                    : new BothJobEvents(new LiveJobEvents(ctx, store), observer);
            ExecutionFactory execution = ProcessExecution.factory(workdir.resolve("runs"), exec, ExecLimits.DEFAULT);
            if (locator == LiveLocator.HYGRA) {
                HygraParameters parameters = HygraParameters.paperDefaults();
                HygraGridConfig config = HygraGridConfig.of(parameters, schema, can.updatePeriodMillis())
                        .withSearchTimeout(LIVE_SEARCH_BASE_MILLIS + LIVE_SEARCH_MOVE_MILLIS * parameters.hopLimit());
                JobNode<HygraOverlay> node = HygraGridNodes.create(ctx, config,
                        new JobNodeSettings(jobs, schema, events, execution), capabilities, bootstraps,
                        HygraLocator.factory());
                node.agent().recordInto(new CachedJobTrail());
                HygraInspection inspectable = new HygraInspection(ctx, node, node.overlay(),
                        () -> node.agent().queue().length());
                return new JobGateway(ctx, node, inspectable, store, jobs, resultRetentionMillis);
            }
            GridSettings settings = new GridSettings(can, jobs, schema, CanPLocator.factory(schema, CanPConfig.px()),
                    events, execution);
            JobNode<CanOverlay> node = CanGridNodes.create(ctx, settings, capabilities, bootstraps);
            // Live nodes keep what they decided about each job, bounded, for `cangrid explain`.
            node.agent().recordInto(new CachedJobTrail());
            node.overlay().can().addListener(new NodeEventsLog(node.overlay().can()));
            node.overlay().can().addListener(extraListener);
            InspectableNode inspectable = new InspectableNode(ctx, node, node.overlay().can(),
                    () -> node.agent().queue().length());
            return new JobGateway(ctx, node, inspectable, store, jobs, resultRetentionMillis);
        };
    }
}
