package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.jobs.JobState;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.Simulation;
import io.cangrid.overlay.sim.SimulationConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Space changes hands without a hand-over (a takeover of a node presumed dead that was not, a claim that
 * outranked its holder's): the old owner keeps the outcomes of the jobs there, and the new owner, asked
 * how such a job ended, would have no record. The old owner sends them on to the points' owner.
 */
class StrayOutcomesTest {

    private static final JobConfig CONFIG = LoneGateway.CONFIG;

    /** Nodes a and b, a owning every point and keeping how job {@code id} ended, two periods on. */
    private record Ended(Simulation sim, World world, NodeId a, NodeId b, JobId id) {
        JobOutcome at(NodeId node) {
            return world.nodes.get(node).agent().outcome(id);
        }
    }

    private static Ended endedAtA(long seed) {
        Simulation sim = new Simulation(SimulationConfig.defaults(seed).withLatency(LatencyModel.constant(5)));
        World world = new World();
        NodeId a = sim.addNode(ctx -> world.node(ctx));
        NodeId b = sim.addNode(ctx -> world.node(ctx));
        world.owner = a;
        JobId id = new JobId(seed, Point.of(0.5, 0.5, 0.5, 0.5));
        sim.at(1_000, () -> world.nodes.get(a).agent().recordOutcome(id,
                new JobOutcome(JobState.COMPLETED, null, a, 500)));
        sim.runFor(2 * CONFIG.heartbeatMillis());
        return new Ended(sim, world, a, b, id);
    }

    @Test
    void outcomesFollowTheirPointsWhenSpaceChangesHandsWithoutAHandOver() {
        Ended e = endedAtA(9);
        assertThat(e.at(e.a())).as("kept while its point is a's").isNotNull();

        e.world().owner = e.b(); // taken over, nothing handed over
        e.sim().runFor(2 * CONFIG.heartbeatMillis());
        assertThat(e.at(e.b())).as("the new owner knows how the job ended").isNotNull();
        assertThat(e.at(e.b()).state()).isEqualTo(JobState.COMPLETED);
        assertThat(e.at(e.a())).as("and the old one no longer speaks for it").isNull();
    }

    @Test
    void anOutcomeIsSentAgainUntilItsOwnerSaysItKeepsIt() {
        Ended e = endedAtA(10);
        e.world().owner = e.b();
        e.world().routesToLose = 5; // the routes of the first five sends all lose it
        e.sim().runFor(64 * CONFIG.heartbeatMillis());
        assertThat(e.at(e.b())).as("the new owner knows how the job ended").isNotNull();
        int routed = e.world().routed;
        e.sim().runFor(64 * CONFIG.heartbeatMillis());
        assertThat(e.world().routed).as("once the owner said it keeps it, it is sent no more").isEqualTo(routed);
    }

    @Test
    void anOutcomeWhoseHandOverIsLostReachesTheTakerAnyway() {
        Ended e = endedAtA(11);
        e.sim().cutOneWay(e.a(), e.b()); // the hand-over is lost
        e.world().owner = e.b();
        e.world().overlays.get(e.a()).events.handedOver(point -> true, e.b());
        e.sim().runFor(CONFIG.heartbeatMillis() / 2);
        assertThat(e.at(e.b())).as("the hand-over was lost").isNull();
        e.sim().runFor(3 * CONFIG.heartbeatMillis());
        assertThat(e.at(e.b())).as("the giver sent it again").isNotNull();
    }

    @Test
    void aRunNodeWhoseOwnerDiedTellsThePointsNewOwnerHowTheJobEnded() {
        Simulation sim = new Simulation(SimulationConfig.defaults(12).withLatency(LatencyModel.constant(5)));
        World world = new World();
        world.runElsewhere = true;
        NodeId a = sim.addNode(ctx -> world.node(ctx));
        NodeId r = sim.addNode(ctx -> world.node(ctx));
        NodeId b = sim.addNode(ctx -> world.node(ctx));
        world.owner = a;
        world.runNode = r;
        io.cangrid.jobs.JobProfile[] job = new io.cangrid.jobs.JobProfile[1];
        sim.at(1_000, () -> job[0] = world.nodes.get(a).agent().inject(io.cangrid.jobs.JobSpec.of(
                io.cangrid.overlay.resource.Requirements.none(LoneGateway.SCHEMA.realDimensions()), 5), 77));
        sim.runFor(3_000);
        // The job runs on r; its owner, which was its client too, is lost before the run ends.
        sim.crash(a);
        world.owner = b;
        sim.runFor(CONFIG.deadAfterMillis() + 4 * CONFIG.heartbeatMillis());
        JobOutcome known = world.nodes.get(b).agent().outcome(job[0].id());
        assertThat(known).as("the point's new owner knows how the job ended").isNotNull();
        assertThat(known.state()).isEqualTo(JobState.COMPLETED);
        assertThat(known.runNode()).isEqualTo(r);
    }

    /** Two job nodes over an overlay where one node owns every point, and which one can change at once. */
    private static final class World {
        final Map<NodeId, JobNode<Switch>> nodes = new HashMap<>();
        final Map<NodeId, Switch> overlays = new HashMap<>();
        NodeId owner;
        /** Whether jobs run on {@link #runNode} rather than on their owner. */
        boolean runElsewhere;
        NodeId runNode;
        /** How many of the next routes vanish on the way; and how many were set out. */
        int routesToLose;
        int routed;

        JobNode<Switch> node(NodeContext ctx) {
            Switch overlay = new Switch(ctx, this);
            JobNode<Switch> n = new JobNode<>(ctx, overlay, new JobNodeSettings(CONFIG,
                    ResourceSchema.defaultSchema(), JobEvents.NONE, ExecutionFactory.simulated()),
                    (c, o, agent) -> !runElsewhere ? LoneGateway.runHere(c, agent) : new io.cangrid.jobs.Locator() {
                        @Override
                        public void match(io.cangrid.jobs.JobProfile job, NodeId jobOwner,
                                io.cangrid.jobs.MatchTrace trace) {
                            agent.dispatch(runNode, job, jobOwner, trace);
                        }

                        @Override
                        public void receive(NodeId from, Message message) {
                        }

                        @Override
                        public boolean handles(Message message) {
                            return false;
                        }
                    }, List.of());
            nodes.put(ctx.self(), n);
            overlays.put(ctx.self(), overlay);
            return n;
        }
    }

    /** A lone overlay whose node owns every point while the world says so, and routes to the one that does. */
    private static final class Switch extends LoneGateway.LoneOverlay {
        private final World world;

        Switch(NodeContext ctx, World world) {
            super(ctx, 0);
            this.world = world;
        }

        @Override
        public boolean holds(Point point) {
            return ctx.self().equals(world.owner);
        }

        @Override
        public void routeToOwner(Point point, Message payload) {
            // Straight to the owner's overlay, after the current event, as a route's last hop would.
            world.routed++;
            if (world.routesToLose > 0) {
                world.routesToLose--;
                return;
            }
            Switch there = world.overlays.get(world.owner);
            ctx.schedule(1, () -> there.arrive(payload));
        }
    }
}
