package io.cangrid.cli.node;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.can.inspect.InspectableNode;
import io.cangrid.can.match.CanGridNodes;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.GridSettings;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.exec.ExecLimits;
import io.cangrid.overlay.exec.ExecPolicy;
import io.cangrid.overlay.exec.ProcessExecution;
import io.cangrid.overlay.gateway.JobGateway;
import io.cangrid.overlay.gateway.JobStore;
import io.cangrid.overlay.job.JobConfig;
import io.cangrid.overlay.job.JobEvents;
import io.cangrid.overlay.job.JobNode;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Path;
import java.util.List;

/**
 * The one place that decides what program a {@code cangrid node} process runs: a full grid node on the
 * CAN (overlay, job life cycle, CAN-PX matchmaking) whose run node executes real processes under the
 * node's execution policy, wrapped so that it answers operators' inspection requests and clients' job
 * requests ({@link JobGateway}), with its jobs and results kept under the work directory.
 *
 * @param workdir the node's work directory: {@code jobs/} holds the job store, {@code runs/} the runs
 * @param observer told of the node's job events besides its own log (a benchmark's clock); usually none
 */
record LiveNodeAssembly(CanConfig can, JobConfig jobs, Capabilities capabilities, List<NodeId> bootstraps,
        CanListener extraListener, Path workdir, ExecPolicy exec, long resultRetentionMillis, int maxFrameBytes,
        JobEvents observer) {

    LiveNodeAssembly(CanConfig can, JobConfig jobs, Capabilities capabilities, List<NodeId> bootstraps,
            CanListener extraListener, Path workdir, ExecPolicy exec, long resultRetentionMillis, int maxFrameBytes) {
        this(can, jobs, capabilities, bootstraps, extraListener, workdir, exec, resultRetentionMillis, maxFrameBytes,
                JobEvents.NONE);
    }

    NodeProgramFactory program() {
        ResourceSchema schema = ResourceSchema.defaultSchema();
        JobStore store = new JobStore(workdir.resolve("jobs"), MessageCodec.discover(maxFrameBytes));
        return ctx -> {
            GridSettings settings = new GridSettings(can, jobs, schema, CanPLocator.factory(schema, CanPConfig.px()),
                    observer == JobEvents.NONE ? new LiveJobEvents(ctx, store)
                            : new BothJobEvents(new LiveJobEvents(ctx, store), observer),
                    ProcessExecution.factory(workdir.resolve("runs"), exec, ExecLimits.DEFAULT));
            JobNode<CanOverlay> node = CanGridNodes.create(ctx, settings, capabilities, bootstraps);
            node.overlay().can().addListener(new NodeEventsLog(node.overlay().can()));
            node.overlay().can().addListener(extraListener);
            InspectableNode inspectable = new InspectableNode(ctx, node, node.overlay().can(),
                    () -> node.agent().queue().length());
            return new JobGateway(ctx, node, inspectable, store, jobs, resultRetentionMillis);
        };
    }
}
