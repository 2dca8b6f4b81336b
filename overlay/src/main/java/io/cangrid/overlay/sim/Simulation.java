package io.cangrid.overlay.sim;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.overlay.runtime.ActionTimer;
import io.cangrid.overlay.runtime.SteppableRuntime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * The deterministic simulation runtime: virtual time in milliseconds, one event queue, one seed. Nodes
 * are numbered in the order they are added; each gets a random stream derived from the seed and its
 * number, and the network gets one of its own for latency and loss. Same seed and same inputs give the
 * same run, event for event.
 *
 * <p>Faults: message loss with a probability, network partitions, silent crashes; graceful leaves go
 * through the program's own {@link NodeProgram#leave()}. Messages to a dead node and timers of a dead
 * node are dropped when they come due, and so are messages to a node whose program has not started yet.
 * A program that throws stops the run with a {@link SimulationException} naming the node, the time and
 * the event.
 */
public final class Simulation implements SteppableRuntime {

    private static final int DRIVER = -1;

    private final SimulationConfig config;
    private final EventQueue queue = new EventQueue();
    private final SplitMix64 network;
    private SimNode[] nodes = new SimNode[1024];
    private int nodeCount;
    private int liveCount;
    private double dropProbability;
    private int[] partitionOf;
    private final Set<Long> oneWay = new HashSet<>();
    private MessageObserver observer;

    private long events;
    private long sent;
    private long delivered;
    private long dropped;

    public Simulation(SimulationConfig config) {
        this.config = config;
        this.network = new SplitMix64(SplitMix64.derive(config.seed(), -1));
        this.dropProbability = config.dropProbability();
    }

    public SimulationConfig config() {
        return config;
    }

    // ---- nodes ---------------------------------------------------------------------------------------

    public NodeId addNode(NodeProgramFactory factory) {
        return addNode(factory, 0);
    }

    /** Adds a node whose program is created now and started {@code startDelayMillis} from now. */
    public NodeId addNode(NodeProgramFactory factory, long startDelayMillis) {
        if (nodeCount == nodes.length) {
            nodes = Arrays.copyOf(nodes, nodeCount * 2);
        }
        SimNode n = new SimNode(this, nodeCount, SplitMix64.derive(config.seed(), nodeCount));
        nodes[nodeCount++] = n;
        liveCount++;
        n.program = factory.create(n);
        enqueue(now() + startDelayMillis, n.index, DRIVER, new ActionTimer(() -> {
            n.state = SimNode.ALIVE;
            n.program.start();
        }));
        return n.id;
    }

    public NodeProgram program(NodeId id) {
        return node(id).program;
    }

    public <T extends NodeProgram> T program(NodeId id, Class<T> type) {
        return type.cast(node(id).program);
    }

    /** Silent failure, effective at once. */
    public void crash(NodeId id) {
        kill(node(id));
    }

    /** Runs the program's graceful leave as an event of that node; it stops once it calls exit(). */
    public void requestLeave(NodeId id) {
        SimNode n = node(id);
        enqueue(now(), n.index, DRIVER, new ActionTimer(() -> n.program.leave()));
    }

    public boolean isAlive(NodeId id) {
        long v = id.value();
        return v >= 0 && v < nodeCount && nodes[(int) v].isAlive();
    }

    public int liveCount() {
        return liveCount;
    }

    public int nodeCount() {
        return nodeCount;
    }

    public List<NodeId> liveNodes() {
        List<NodeId> out = new ArrayList<>(liveCount);
        for (int i = 0; i < nodeCount; i++) {
            if (nodes[i].isAlive()) {
                out.add(nodes[i].id);
            }
        }
        return out;
    }

    public NodeId randomLiveNode(RandomGenerator rnd) {
        if (liveCount == 0) {
            throw new IllegalStateException("no live node");
        }
        for (int tries = 0; tries < 64; tries++) {
            SimNode n = nodes[rnd.nextInt(nodeCount)];
            if (n.isAlive()) {
                return n.id;
            }
        }
        List<NodeId> live = liveNodes();
        return live.get(rnd.nextInt(live.size()));
    }

    private SimNode node(NodeId id) {
        long v = id.value();
        if (v < 0 || v >= nodeCount) {
            throw new IllegalArgumentException("no simulated node " + id);
        }
        return nodes[(int) v];
    }

    private void kill(SimNode n) {
        if (n.state != SimNode.DEAD) {
            n.state = SimNode.DEAD;
            liveCount--;
        }
    }

    // ---- network -------------------------------------------------------------------------------------

    public void setDropProbability(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("drop probability must be in [0, 1], was " + p);
        }
        dropProbability = p;
    }

    /** Messages between different groups are dropped; nodes in no group form one more group together. */
    public void partition(List<Set<NodeId>> groups) {
        int[] of = new int[nodeCount];
        Map<Long, Integer> seen = new HashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            for (NodeId id : groups.get(g)) {
                if (seen.put(id.value(), g) != null) {
                    throw new IllegalArgumentException(id + " is in two partition groups");
                }
                of[(int) node(id).index] = g + 1;
            }
        }
        partitionOf = of;
    }

    /** Messages from {@code from} to {@code to} are dropped, while the other way still delivers (a one-way cut). */
    public void cutOneWay(NodeId from, NodeId to) {
        oneWay.add(link(node(from).index, node(to).index));
    }

    /** Ends every partition and one-way cut. */
    public void heal() {
        partitionOf = null;
        oneWay.clear();
    }

    private static long link(long from, int to) {
        return (from << 32) | to;
    }

    public void setMessageObserver(MessageObserver observer) {
        this.observer = observer;
    }

    void send(SimNode from, NodeId to, Message message) {
        sent++;
        if (observer != null) {
            observer.onSend(from.id, to, message, now());
        }
        long v = to.value();
        if (v < 0 || v >= nodeCount || (dropProbability > 0 && network.nextDouble() < dropProbability)
                || separated(from.index, (int) v)) {
            dropped++;
            return;
        }
        enqueue(now() + config.latency().sampleMillis(network), (int) v, from.index, config.wire().carry(message));
    }

    private boolean separated(int a, int b) {
        if (!oneWay.isEmpty() && oneWay.contains(link(a, b))) {
            return true;
        }
        if (partitionOf == null) {
            return false;
        }
        int ga = a < partitionOf.length ? partitionOf[a] : 0;
        int gb = b < partitionOf.length ? partitionOf[b] : 0;
        return ga != gb;
    }

    // ---- time ----------------------------------------------------------------------------------------

    public long now() {
        return queue.now();
    }

    /** Runs a driver action (not tied to a node) at {@code timeMillis}. */
    public void at(long timeMillis, Runnable action) {
        enqueue(timeMillis, DRIVER, DRIVER, action);
    }

    public void after(long delayMillis, Runnable action) {
        at(now() + delayMillis, action);
    }

    void enqueue(long time, int target, int sender, Object payload) {
        queue.add(time, target, sender, payload);
    }

    public void runFor(long millis) {
        runUntil(now() + millis);
    }

    /** Processes every event due up to and including {@code timeMillis}; the clock then reads {@code timeMillis}. */
    public void runUntil(long timeMillis) {
        do {
            while (queue.hasCurrent()) {
                dispatch();
            }
        } while (queue.advance(timeMillis));
        queue.moveTo(timeMillis);
    }

    /**
     * Runs until {@code done} holds (checked whenever the clock advances) or the deadline passes; returns
     * whether it holds.
     */
    public boolean runUntil(BooleanSupplier done, long deadlineMillis) {
        if (done.getAsBoolean()) {
            return true;
        }
        do {
            while (queue.hasCurrent()) {
                dispatch();
            }
            if (done.getAsBoolean()) {
                return true;
            }
        } while (queue.advance(deadlineMillis));
        queue.moveTo(deadlineMillis);
        return done.getAsBoolean();
    }

    public boolean isIdle() {
        return queue.size() == 0;
    }

    private void dispatch() {
        int target = queue.currentTarget();
        int sender = queue.currentSender();
        Object payload = queue.takeCurrent();
        events++;
        if (target == DRIVER) {
            ((Runnable) payload).run();
            return;
        }
        SimNode n = nodes[target];
        boolean message = !(payload instanceof ActionTimer);
        // A program hears nothing before its start(): a message arriving earlier is lost, as for a dead node.
        if (!n.isAlive() || (message && n.state == SimNode.STARTING)) {
            if (message) {
                dropped++;
            }
            return;
        }
        try {
            if (payload instanceof ActionTimer t) {
                if (!t.isCancelled()) {
                    t.action().run();
                }
            } else {
                delivered++;
                n.program.receive(nodes[sender].id, (Message) payload);
            }
        } catch (RuntimeException | StackOverflowError e) {
            throw new SimulationException("node " + n.id + " failed at " + now() + " ms handling "
                    + (payload instanceof ActionTimer ? "a timer" : payload.getClass().getSimpleName()
                    + " from " + nodes[sender].id) + ": " + e, e);
        }
        if (n.state == SimNode.EXITING) {
            kill(n);
        }
    }

    // ---- statistics ----------------------------------------------------------------------------------

    public long eventsProcessed() {
        return events;
    }

    public long messagesSent() {
        return sent;
    }

    public long messagesDelivered() {
        return delivered;
    }

    public long messagesDropped() {
        return dropped;
    }
}
