package io.cangrid.jobs.gateway;

import io.cangrid.jobs.ExecutionFactory;
import io.cangrid.jobs.JobAgent;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobEvents;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobNodeSettings;
import io.cangrid.jobs.JobOverlay;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.Locator;
import io.cangrid.jobs.MatchTrace;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.Simulation;
import java.util.List;
import java.util.function.Supplier;

/**
 * A gateway in front of the only job node of its overlay, in a simulation: the node owns every point, has
 * no neighbours, and runs every job it owns itself, so a gateway's dealings with clients are seen alone.
 */
final class LoneGateway {

    static final JobConfig CONFIG = new JobConfig(10_000, 3, 8);
    static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    static final long WEEK = 7L * 24 * 3600_000;

    private LoneGateway() {
    }

    /** Adds the node to {@code sim}; its gateway is in {@code gateway}'s one cell once the node exists. */
    static NodeId add(Simulation sim, JobStore store, boolean acknowledge, JobGateway[] gateway) {
        return add(sim, store, acknowledge, gateway, 0);
    }

    /** As {@link #add(Simulation, JobStore, boolean, JobGateway[])}, the overlay taking {@code routeMillis} to route. */
    static NodeId add(Simulation sim, JobStore store, boolean acknowledge, JobGateway[] gateway, long routeMillis) {
        return sim.addNode(ctx -> {
            JobNode<LoneOverlay> jobs = new JobNode<>(ctx, new LoneOverlay(ctx, routeMillis), new JobNodeSettings(CONFIG, SCHEMA,
                    JobEvents.NONE, ExecutionFactory.simulated()), (c, o, a) -> runHere(c, a), List.of());
            if (acknowledge) {
                jobs.agent().acknowledgeTakenJobs();
            }
            gateway[0] = new JobGateway(ctx, jobs, jobs, store, CONFIG, WEEK);
            return gateway[0];
        });
    }

    /** The only node of an overlay: it owns every point and has no neighbours. */
    static class LoneOverlay implements JobOverlay {
        final NodeContext ctx;
        private final long routeMillis;
        Events events;

        LoneOverlay(NodeContext ctx, long routeMillis) {
            this.ctx = ctx;
            this.routeMillis = routeMillis;
        }

        @Override
        public void setEvents(Events events) {
            this.events = events;
        }

        @Override
        public void start(List<NodeId> bootstraps) {
        }

        @Override
        public void leave() {
        }

        @Override
        public boolean handles(Message message) {
            return false;
        }

        @Override
        public void receive(NodeId from, Message message) {
            throw new AssertionError("the lone overlay has no messages of its own");
        }

        @Override
        public boolean isActive() {
            return true;
        }

        @Override
        public Capabilities capabilities() {
            return new Capabilities(1, 4096, 100);
        }

        /** How many of the next routes are lost on the way. */
        int routesToLose;

        @Override
        public void routeToOwner(Point point, Message payload) {
            if (routesToLose > 0) {
                routesToLose--;
                return;
            }
            // This node owns every point: the payload arrives here, after the current event (and the route's time).
            ctx.schedule(routeMillis, () -> arrive(payload));
        }

        /** {@code payload}, routed, reaches this node as the owner of its point. */
        void arrive(Message payload) {
            events.arrived(payload, 0);
        }

        @Override
        public List<Neighbour> neighbours() {
            return List.of();
        }

        @Override
        public void publish(Supplier<Message> state) {
        }
    }

    /** Runs every job on the node that owns it: this one. */
    static Locator runHere(NodeContext ctx, JobAgent agent) {
        return new Locator() {
            @Override
            public void match(JobProfile job, NodeId owner, MatchTrace trace) {
                agent.dispatch(ctx.self(), job, owner, trace);
            }

            @Override
            public void receive(NodeId from, Message message) {
            }

            @Override
            public boolean handles(Message message) {
                return false;
            }
        };
    }

    /** A node that only speaks (a hostile member, or a client standing in for one): it hears nothing. */
    static final class Speaker implements NodeProgram {
        final NodeContext ctx;

        Speaker(NodeContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }
}
