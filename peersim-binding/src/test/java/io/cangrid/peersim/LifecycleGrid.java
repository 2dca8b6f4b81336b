package io.cangrid.peersim;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanNode;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.match.CanGridNodes;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.can.match.GridSettings;
import io.cangrid.jobs.JobClient;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobIdFactory;
import io.cangrid.jobs.JobLog;
import io.cangrid.jobs.JobNode;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.message.CancelJob;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.Timer;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.simulator.runtime.NetworkModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The job life-cycle suite's grid inside PeerSim, in the PeerSim JVM: grid nodes as {@code cangrid node}
 * assembles them (the CAN, the job life cycle, CAN-PX matchmaking) with simulated execution, one
 * {@link JobClient} as a node of its own, hosted by the binding's {@link PeerSimRuntime} and carried by a
 * {@link CountingTransport} with exponential latency (50 ms mean). {@link LifecycleControl} calls it on
 * PeerSim's thread; what has to wait for time to pass is a {@link Wait} the control polls.
 *
 * <p>Roles are placed, not hoped for, as on live nodes: a job's owner is the node whose zones hold its point,
 * so the client's submission key is drawn until the point lies in the chosen owner's zones; and long
 * "blocker" jobs keep the injection node and the owner busy until the job runs, so that matchmaking, which
 * prefers a free node, sends it to a third node. The blockers are cancelled then.
 */
final class LifecycleGrid {

    /** Heartbeats every 10 s, as the deterministic simulation's job grid beats: dead after 30 s. */
    static final JobConfig JOBS = JobConfig.withHeartbeat(10_000);
    static final ResourceSchema SCHEMA = ResourceSchema.defaultSchema();
    private static final LatencyModel LATENCY = LatencyModel.exponential(50);
    private static final int MAX_KEYS = 100_000;
    /** Every node: one baseline core, 1 GiB of memory, 10 GiB of disk, as the live test's nodes. */
    private static final Capabilities CAPABILITIES = new Capabilities(1, 1024, 10);
    /** A blocker runs far longer than any test. */
    private static final double BLOCKER_SECONDS = 100_000;

    /** Something to wait for: polled once a step until it gives its answer (non-null). */
    interface Wait {
        Object poll();

        /** This, then what {@code next} makes of its answer, at the step this one is done. */
        default Wait then(java.util.function.Function<Object, Wait> next) {
            Wait first = this;
            return new Wait() {
                private Wait second;

                @Override
                public Object poll() {
                    if (second == null) {
                        Object answer = first.poll();
                        if (answer == null) {
                            return null;
                        }
                        second = next.apply(answer);
                    }
                    return second.poll();
                }
            };
        }

        static Wait done(Object answer) {
            return () -> answer;
        }
    }

    private final PeerSimRuntime runtime;
    private final long seed;
    private final GridSettings settings;
    private final JobLog log = new JobLog();
    private final List<NodeId> nodes = new ArrayList<>();
    private final Map<NodeId, Integer> indexOf = new HashMap<>();
    private final Map<JobId, Integer> injections = new HashMap<>();
    /** Keys the client is to submit its next jobs under, in order. */
    private final Queue<Long> keys = new ArrayDeque<>();
    private final SplittableRandom keyDraws;
    private JobClient client;
    private Desk desk;
    private int door;
    private long nextTicket = 1;

    LifecycleGrid(PeerSimRuntime runtime, long seed) {
        this.runtime = runtime;
        this.seed = seed;
        this.keyDraws = new SplittableRandom(seed);
        this.settings = GridSettings.simulated(CanConfig.withUpdatePeriod(2_000), JOBS, SCHEMA,
                CanPLocator.factory(SCHEMA, CanPConfig.px()), log);
        PeerSimSession.startRun(runtime, new NetworkModel(LATENCY, 0, seed));
    }

    // ---- what the control asks --------------------------------------------------------------------------

    /** Adds the nodes one by one, each once the last is active, then the client; done once the CAN settled. */
    Wait start(int count) {
        add(0, List.of());
        return () -> {
            if (nodes.size() < count) {
                if (node(nodes.size() - 1).isActive()) {
                    add(nodes.size(), List.of(nodes.get(0)));
                }
                return null;
            }
            if (!settled()) {
                return null;
            }
            if (client == null) {
                NodeId clientId = runtime.addNode(ctx -> new JobClient(new Keyed(ctx), JOBS, log, this::door));
                client = runtime.program(clientId, JobClient.class);
                NodeId deskId = runtime.addNode(Desk::new);
                desk = runtime.program(deskId, Desk.class);
            }
            return "started";
        };
    }

    /** Submits a job of {@code work} seconds through node {@code through}; done once the grid took it. */
    Wait submit(int through, String name, double work) {
        return submit(through, spec(name, work), null);
    }

    /**
     * Submits a job of {@code work} seconds through node {@code through}, owned by node {@code owner}, while
     * blockers keep both busy; done once it runs, and its blockers are cancelled.
     */
    Wait submitPlaced(int through, int owner, String name, double work) {
        return occupy(through).then(first -> occupy(owner).then(second -> {
            JobSpec spec = spec(name, work);
            return submit(through, spec, keyOwnedBy(owner, spec)).then(id -> awaitRunning(JobId.parse((String) id))
                    .then(roles -> cancelled(JobId.parse((String) first), through)
                    .then(c1 -> cancelled(JobId.parse((String) second), through)
                    .then(c2 -> Wait.done(id)))));
        }));
    }

    private static JobSpec spec(String name, double work) {
        return JobSpec.forSchema(SCHEMA, Requirements.none(SCHEMA.realDimensions()), work, name);
    }

    /** Keeps node {@code i} busy with a long job it owns and runs itself, so matchmaking looks past it. */
    private Wait occupy(int i) {
        JobSpec blocker = spec("blocker-" + i, BLOCKER_SECONDS);
        return submit(i, blocker, keyOwnedBy(i, blocker)).then(id -> () -> {
            int run = runNode(JobId.parse((String) id));
            if (run >= 0 && run != i) {
                throw new IllegalStateException("the blocker of node " + i + " runs on node " + run);
            }
            return run < 0 ? null : id;
        });
    }

    /** Submits {@code spec} through node {@code through} under {@code key} (null: the client draws one). */
    private Wait submit(int through, JobSpec spec, Long key) {
        door = through;
        if (key != null) {
            keys.add(key);
        }
        int before = log.jobs().size();
        client.submit(spec);
        return () -> {
            if (log.jobs().size() <= before) {
                return null;
            }
            JobId id = log.jobs().get(before);
            injections.put(id, through);
            return id.toString();
        };
    }

    private long keyOwnedBy(int owner, JobSpec spec) {
        JobIdFactory ids = new JobIdFactory(SCHEMA);
        CanNode can = node(owner).overlay().can();
        for (int i = 0; i < MAX_KEYS; i++) {
            long key = keyDraws.nextLong();
            Point point = ids.idForKey(spec, key).point();
            if (can.owns(point)) {
                return key;
            }
        }
        throw new IllegalStateException("no key of " + MAX_KEYS + " lands in node " + owner + "'s zones");
    }

    /** Done once the job runs and a live node owns it. */
    Wait awaitRunning(JobId job) {
        return () -> {
            int run = runNode(job);
            int owner = owner(job);
            if (run < 0 || owner < 0) {
                return null;
            }
            Map<String, Integer> roles = new LinkedHashMap<>();
            roles.put("injection", injections.get(job));
            roles.put("owner", owner);
            roles.put("runNode", run);
            return roles;
        };
    }

    Object crash(int i) {
        runtime.crash(nodes.get(i));
        return "crashed";
    }

    /** Adds a node in crashed node {@code i}'s place, joining through a live one; done once the CAN settled. */
    Wait restart(int i) {
        if (runtime.isAlive(nodes.get(i))) {
            throw new IllegalStateException("node " + i + " is still running");
        }
        List<NodeId> live = nodes.stream().filter(runtime::isAlive).toList();
        add(i, live.subList(0, Math.min(3, live.size())));
        return () -> node(i).isActive() && settled() ? "restarted" : null;
    }

    /** Sends a cancellation through node {@code through}, which carries it to the owner; done with the answer. */
    Wait cancel(JobId job, int through) {
        return cancelled(job, through).then(reply -> {
            CancelReply r = (CancelReply) reply;
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("cancelled", r.cancelled());
            answer.put("state", r.state() == null ? null : r.state().name());
            return Wait.done(answer);
        });
    }

    private Wait cancelled(JobId job, int through) {
        long ticket = nextTicket++;
        desk.ctx.send(nodes.get(through), new CancelJob(ticket, job, desk.ctx.self()));
        return () -> desk.replies.get(ticket);
    }

    /** Done once the client recorded the job's end. */
    Wait awaitEnd(JobId job) {
        return () -> {
            List<JobLog.Entry> ends = log.of(JobLog.Kind.FINISHED, job);
            if (ends.isEmpty()) {
                return null;
            }
            List<Integer> started = starts(job);
            Map<String, Object> outcome = new LinkedHashMap<>();
            outcome.put("state", ends.get(0).state().name());
            outcome.put("runNode", started.isEmpty() ? -1 : started.get(started.size() - 1));
            return outcome;
        };
    }

    /** Two client timeouts of time. */
    Wait settle() {
        long until = runtime.now() + 2 * JOBS.clientTimeoutMillis();
        return () -> runtime.now() >= until ? "settled" : null;
    }

    List<String> endings(JobId job) {
        return log.of(JobLog.Kind.FINISHED, job).stream().map(e -> e.state().name()).toList();
    }

    List<Integer> starts(JobId job) {
        return log.nodes(JobLog.Kind.STARTED, job).stream().map(indexOf::get).toList();
    }

    List<Integer> attempts(JobId job) {
        return log.attempts(job);
    }

    boolean isRunning(JobId job) {
        return runNode(job) >= 0;
    }

    /** From now on the network loses every message with this probability, by the binding's network model. */
    Object loseMessages(double probability) {
        PeerSimSession.startRun(runtime, new NetworkModel(LATENCY, probability, seed + 1));
        return "losing";
    }

    long messagesLost() {
        return CountingTransport.lost();
    }

    // ---- the grid ---------------------------------------------------------------------------------------

    private void add(int i, List<NodeId> bootstraps) {
        NodeId id = runtime.addNode(ctx -> CanGridNodes.create(ctx, settings, CAPABILITIES, bootstraps));
        if (i < nodes.size()) {
            nodes.set(i, id);
        } else {
            nodes.add(id);
        }
        indexOf.put(id, i);
    }

    private JobNode<CanOverlay> node(int i) {
        return CanGridNodes.of(runtime.program(nodes.get(i), JobNode.class));
    }

    private boolean settled() {
        List<CanNode> cans = new ArrayList<>();
        int alive = 0;
        for (int i = 0; i < nodes.size(); i++) {
            if (runtime.isAlive(nodes.get(i))) {
                alive++;
                if (node(i).isActive()) {
                    cans.add(node(i).overlay().can());
                }
            }
        }
        OverlayInspector.Report report = OverlayInspector.inspect(cans);
        return cans.size() == alive && report.settled() && report.nodes() == alive;
    }

    /** The node the client talks to: the one last named, or the next live one once it crashed. */
    private NodeId door() {
        for (int k = 0; k < nodes.size(); k++) {
            NodeId n = nodes.get((door + k) % nodes.size());
            if (runtime.isAlive(n)) {
                return n;
            }
        }
        throw new IllegalStateException("no live node left");
    }

    private int runNode(JobId job) {
        for (int i = 0; i < nodes.size(); i++) {
            if (runtime.isAlive(nodes.get(i))) {
                JobProfile running = node(i).agent().queue().runningJob();
                if (running != null && running.id().equals(job)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private int owner(JobId job) {
        for (int i = 0; i < nodes.size(); i++) {
            if (runtime.isAlive(nodes.get(i)) && node(i).agent().owns(job)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The client's context with one change: the client draws each submission key from its random source,
     * and this one gives the keys queued for it first, so that a test picks a job's owner as a live test picks
     * it through the gateway's submission key.
     */
    private final class Keyed implements NodeContext {
        private final NodeContext ctx;
        private final RandomGenerator random;

        Keyed(NodeContext ctx) {
            this.ctx = ctx;
            this.random = new RandomGenerator() {
                @Override
                public long nextLong() {
                    Long key = keys.poll();
                    return key != null ? key : ctx.random().nextLong();
                }

                @Override
                public double nextDouble() {
                    return ctx.random().nextDouble();
                }

                @Override
                public int nextInt() {
                    return ctx.random().nextInt();
                }

                @Override
                public int nextInt(int bound) {
                    return ctx.random().nextInt(bound);
                }
            };
        }

        @Override
        public NodeId self() {
            return ctx.self();
        }

        @Override
        public long now() {
            return ctx.now();
        }

        @Override
        public Timer schedule(long delayMillis, Runnable action) {
            return ctx.schedule(delayMillis, action);
        }

        @Override
        public RandomGenerator random() {
            return random;
        }

        @Override
        public void send(NodeId to, Message message) {
            ctx.send(to, message);
        }

        @Override
        public void post(Runnable action) {
            ctx.post(action);
        }

        @Override
        public void exit() {
            ctx.exit();
        }
    }

    /** A user's desk: sends cancellations through a node and keeps the answers. */
    private static final class Desk implements NodeProgram {
        final NodeContext ctx;
        final Map<Long, CancelReply> replies = new HashMap<>();

        Desk(NodeContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void start() {
        }

        @Override
        public void receive(NodeId from, Message message) {
            if (message instanceof CancelReply reply) {
                replies.put(reply.ticket(), reply);
            }
        }

        @Override
        public void leave() {
            ctx.exit();
        }
    }
}
