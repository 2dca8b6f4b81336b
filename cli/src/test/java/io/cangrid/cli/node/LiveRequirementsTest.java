package io.cangrid.cli.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.can.match.CanOverlay;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.GridAuthority;
import io.cangrid.live.NetConfig;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Role;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live, on loopback: nodes assembled as {@code cangrid node --attr OpSys=... --accept ...} publish their ads
 * with their state, and the locator sends a job only to a node whose ad its requirements are true of and whose
 * {@code --accept} is true of the job. A job no node takes ends NO_MATCH saying why: the conjunct no node
 * satisfies, or that the nodes it wants do not accept it. A job's {@code --rank} chooses among the idle
 * candidates.
 */
class LiveRequirementsTest {

    private static final ResourceSchema SCHEMA = LiveNodeAssembly.SCHEMA;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private LoopbackGrid grid;

    @AfterEach
    void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static JobSpec job(String name, String requirements, String rank) {
        return new JobSpec(Requirements.none(SCHEMA.realDimensions()), 0.2, name)
                .withExpressions(new JobExpressions(requirements, rank), SCHEMA);
    }

    @Test
    void aJobRunsOnlyWhereBothSidesSayYes() throws Exception {
        MachineTerms terms = new MachineTerms(Map.of("Licenses", AttributeValue.parse("{\"matlab\"}"),
                "Site", AttributeValue.parse("lab-3")), "other.Name != \"riffraff\"");
        grid = LoopbackGrid.describing(List.of(terms), LoopbackGrid.randomSecret(), dir, ExecPolicy.none(), 100,
                JobConfig.withHeartbeat(250), JobEvents.NONE, 1);
        String os = MachineTerms.detected().get("OpSys") instanceof Value.StringValue s ? s.value() : "?";
        try (GridClient client = grid.client(0)) {
            JobId fits = client.submit(job("raman", "other.OpSys == \"" + os + "\" && member(\"matlab\","
                    + " other.Licenses) && other.Site == \"LAB-3\" && other.Memory >= 512", null));
            JobId riffraff = client.submit(job("riffraff", null, null));
            JobId otherOs = client.submit(job("raman", "other.OpSys == \"PLAN9\"", null));
            JobId unknown = client.submit(job("raman", "other.Memory >= 512 && other.HasGpu", null));
            assertThat(end(client, fits).state()).isEqualTo(JobState.COMPLETED);
            JobStatusReply refused = end(client, riffraff);
            assertThat(refused.state()).isEqualTo(JobState.NO_MATCH);
            assertThat(refused.reason()).contains("1 node(s) meet its requirements but their owners do not accept it");
            JobStatusReply wrongOs = end(client, otherOs);
            assertThat(wrongOs.state()).isEqualTo(JobState.NO_MATCH);
            assertThat(wrongOs.reason()).contains("no node satisfies (other.OpSys == \"PLAN9\")");
            JobStatusReply undefined = end(client, unknown);
            assertThat(undefined.state()).isEqualTo(JobState.NO_MATCH);
            assertThat(undefined.reason()).contains("no node satisfies other.HasGpu");
        }
    }

    /**
     * Four nodes of four operating systems and 1, 2, 4 and 3 cores; the one of four refuses riffraff. Each job
     * requiring an OS runs on the node of that OS; riffraff's job for that node ends NO_MATCH; a job for an OS
     * no node has ends NO_MATCH naming the conjunct; a job ranking {@code other.Cpus} runs, with every node
     * idle, on the node of most cores among those its owner weighs (itself and its neighbours).
     */
    @Test
    void fourNodesMatchOnBothSidesAndRankChoosesAmongTheIdle() throws Exception {
        List<String> systems = List.of("LINUX", "WINDOWS", "OSX", "FREEBSD");
        List<Integer> cores = List.of(1, 2, 4, 3);
        List<MachineTerms> machines = new ArrayList<>();
        for (int i = 0; i < systems.size(); i++) {
            machines.add(new MachineTerms(Map.of("OpSys", Value.of(systems.get(i))),
                    i == 2 ? "other.Name != \"riffraff\"" : null));
        }
        grid = LoopbackGrid.describing(machines, cores, LoopbackGrid.randomSecret(), dir, ExecPolicy.none(), 100,
                JobConfig.withHeartbeat(250), JobEvents.NONE, 1);
        Map<NodeId, Integer> index = new HashMap<>();
        for (int i = 0; i < grid.size(); i++) {
            index.put(grid.node(i).self(), i);
        }
        try (GridClient client = grid.client(3)) {
            for (int i = 0; i < systems.size(); i++) {
                JobStatusReply r = end(client, client.submit(job("raman", "other.OpSys == \"" + systems.get(i)
                        + "\"", null)));
                assertThat(r.state()).as("the job for %s", systems.get(i)).isEqualTo(JobState.COMPLETED);
                assertThat(index.get(r.runNode())).as("the node the job for %s ran on", systems.get(i)).isEqualTo(i);
            }
            JobStatusReply riffraff = end(client, client.submit(job("riffraff", "other.OpSys == \"OSX\"", null)));
            assertThat(riffraff.state()).isEqualTo(JobState.NO_MATCH);
            assertThat(riffraff.reason()).contains("do not accept it");
            JobStatusReply plan9 = end(client, client.submit(job("raman", "other.Cpus >= 1 && other.OpSys =="
                    + " \"PLAN9\"", null)));
            assertThat(plan9.state()).isEqualTo(JobState.NO_MATCH);
            assertThat(plan9.reason()).contains("no node satisfies (other.OpSys == \"PLAN9\")");
            for (int round = 0; round < 3; round++) {
                // The last job's end reaches the neighbours' tables with the next state, one period on.
                Thread.sleep(3 * 100);
                JobStatusReply ranked = end(client, client.submit(job("raman", null, "other.Cpus")));
                assertThat(ranked.state()).isEqualTo(JobState.COMPLETED);
                int owner = index.get(ranked.owner());
                List<Integer> weighed = new ArrayList<>(List.of(owner));
                grid.node(owner).inspect(p -> ((CanOverlay) ((JobGateway) p).node().overlay()).can().neighbours())
                        .join().forEach(n -> weighed.add(index.get(n.id())));
                int most = weighed.stream().max(Comparator.comparing(cores::get)).orElseThrow();
                assertThat(index.get(ranked.runNode())).as("run node of a job ranking Cpus, its owner %d weighing %s"
                        + " (cores %s)", owner, weighed, cores).isEqualTo(most);
            }
        }
    }

    /**
     * A grid of admission tokens: a job's {@code Owner} is the user its client's token names, whatever the job
     * says, so riffraff's jobs never run on the node whose {@code --accept} refuses riffraff, even one that
     * claims another owner; raman's do, and riffraff's job that only that node could run ends NO_MATCH.
     */
    @Test
    void theOwnerIsTheUserTheClientsTokenNames() throws Exception {
        GridAuthority authority = new GridAuthority("owners", NodeKey.generate());
        Instant now = Instant.now();
        NetConfig nodes = NetConfig.of("owners", authority.issue(Role.NODE, Duration.ofHours(1), new byte[0], now));
        NetConfig riffraff = NetConfig.of("owners", authority.issue(Role.SUBMIT, Duration.ofHours(1), new byte[0],
                "riffraff", now));
        NetConfig raman = NetConfig.of("owners", authority.issue(Role.SUBMIT, Duration.ofHours(1), new byte[0],
                "raman", now));
        List<MachineTerms> machines = List.of(
                new MachineTerms(Map.of("Site", Value.of("A")), "other.Owner =!= \"riffraff\""),
                new MachineTerms(Map.of("Site", Value.of("B")), null));
        grid = LoopbackGrid.describing(machines, List.of(1, 1), nodes, dir, ExecPolicy.none(), 100,
                JobConfig.withHeartbeat(250), JobEvents.NONE, 1);
        NodeId strict = grid.node(0).self();
        try (GridClient theirs = grid.client(1, riffraff); GridClient ours = grid.client(0, raman)) {
            List<JobId> anywhere = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                anywhere.add(theirs.submit(job("j" + i, null, null)));
            }
            // A job that claims an owner of its own: the node that takes it says whose it is.
            anywhere.add(theirs.submit(job("claims-raman", null, null).ownedBy("raman")));
            for (JobId id : anywhere) {
                JobStatusReply r = end(theirs, id);
                assertThat(r.state()).as("riffraff's job %s", id).isEqualTo(JobState.COMPLETED);
                assertThat(r.runNode()).as("riffraff's job %s ran on", id).isNotEqualTo(strict);
            }
            JobStatusReply atA = end(theirs, theirs.submit(job("at-a", "other.Site == \"A\"", null)));
            assertThat(atA.state()).isEqualTo(JobState.NO_MATCH);
            assertThat(atA.reason()).contains("do not accept it");
            JobStatusReply ramanAtA = end(ours, ours.submit(job("at-a", "other.Site == \"A\"", null)));
            assertThat(ramanAtA.state()).isEqualTo(JobState.COMPLETED);
            assertThat(ramanAtA.runNode()).isEqualTo(strict);
        }
    }

    private static JobStatusReply end(GridClient client, JobId id) throws Exception {
        JobStatusReply r = client.await(id, WAIT);
        assertThat(r).as("%s ended within %s", id, WAIT).isNotNull();
        return r;
    }
}
