package io.cangrid.hygra.grid;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.hygra.protocol.HygraParameters;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobClient;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.live.GridSecret;
import io.cangrid.live.LiveNode;
import io.cangrid.live.LiveRuntime;
import io.cangrid.live.NetConfig;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * HYGRA as the job overlay of a live grid: eight nodes over authenticated TCP on 127.0.0.1 in this JVM, on
 * the live grid's schema (1 to 4 cores each), a ninth hosting a client, fifty jobs that each hold their run
 * node for a fifth of a second, a third of them taking two cores.
 */
class LiveHygraTest {

    private static final long PERIOD_MILLIS = 250;
    private static final int NODES = 8;
    private static final int JOBS = 50;

    private final LiveRuntime runtime = new LiveRuntime(
            NetConfig.of("hygra-test", new GridSecret(new byte[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6})), 2);
    private final List<LiveNode> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        for (LiveNode n : nodes) {
            n.crash();
        }
        runtime.close();
    }

    @Test
    void eightLiveNodesRunFiftyJobs() throws Exception {
        // The live grid's schema: cores are part of each node's point.
        ResourceSchema schema = ResourceSchema.desktopSchema();
        JobConfig jobs = JobConfig.withHeartbeat(4 * PERIOD_MILLIS);
        JobNodeSettings settings = new JobNodeSettings(jobs, schema, JobEvents.NONE, ExecutionFactory.simulated());
        HygraGridConfig config = HygraGridConfig.of(HygraParameters.paperDefaults(), schema, PERIOD_MILLIS);
        for (int i = 0; i < NODES; i++) {
            List<NodeId> bootstraps = nodes.isEmpty() ? List.of() : List.of(nodes.get(0).self());
            Capabilities caps = new Capabilities(1 + i % 3, 1024 << (i % 4), 20 << (i % 3), 1 + i % 4);
            LiveNode node = runtime.bind(new InetSocketAddress("127.0.0.1", 0), null, 0);
            node.start(ctx -> HygraGridNodes.create(ctx, config, settings, caps, bootstraps, HygraLocator.factory()))
                    .get(10, TimeUnit.SECONDS);
            nodes.add(node);
            Thread.sleep(PERIOD_MILLIS);
        }
        Thread.sleep(4 * PERIOD_MILLIS);

        JobLog clientEvents = new JobLog();
        AtomicInteger next = new AtomicInteger();
        List<NodeId> peers = nodes.stream().map(LiveNode::self).toList();
        LiveNode clientNode = runtime.bind(new InetSocketAddress("127.0.0.1", 0), null, 0);
        nodes.add(clientNode);
        clientNode.start(ctx -> new JobClient(ctx, jobs, clientEvents,
                () -> peers.get(next.getAndIncrement() % peers.size()))).get(10, TimeUnit.SECONDS);
        for (int j = 0; j < JOBS; j++) {
            Requirements req = new Requirements(j % 2 == 0 ? 0 : 2, j % 5 == 0 ? 4096 : 0, 0, 0);
            JobSpec spec = JobSpec.of(req, 0.2).withCores(schema, j % 3 == 0 ? 2 : 1);
            clientNode.inspect(p -> {
                ((JobClient) p).submit(spec);
                return null;
            }).get(10, TimeUnit.SECONDS);
        }
        long deadline = System.currentTimeMillis() + 60_000;
        while (clientEvents.finalStates().size() < JOBS && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }

        Map<JobId, JobState> ended = clientEvents.finalStates();
        Map<JobId, String> reasons = clientEvents.reasons();
        assertThat(ended).as("jobs ended within a minute; reasons: %s", reasons).hasSize(JOBS);
        assertThat(ended.values()).as("reasons: %s", reasons).containsOnly(JobState.COMPLETED);
    }
}
