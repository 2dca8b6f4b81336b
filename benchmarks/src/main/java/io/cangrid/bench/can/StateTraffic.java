package io.cangrid.bench.can;

import io.cangrid.can.message.NeighbourBeat;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.sim.MessageObserver;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;

/**
 * Counts the neighbour state messages nodes send and estimates their size on the wire, for the figures
 * the neighbour state's cost is judged by. Only direct {@link NeighbourState} messages and the
 * {@link NeighbourBeat}s that stand for them count (not the
 * state a {@link io.cangrid.can.message.NeighbourProbe} carries through routing), at the sender, dropped
 * ones included.
 *
 * <p>Encoding every message would cost as much as the run: the first {@link #SAMPLE_ALL} are encoded, then
 * every {@link #STRIDE}-th, each weighted by the messages it stands for, so the mean is that of all
 * messages without favouring the small states of the first joins. Which messages are sampled depends only
 * on their order, so a run's figure is repeatable.
 *
 * <p>Nodes per period: the live node count, read when the clock has moved since the last message, is
 * integrated over virtual time; divided by the update period that gives the node-periods the messages
 * are counted against.
 */
final class StateTraffic implements MessageObserver {

    static final int SAMPLE_ALL = 4096;
    static final int STRIDE = 64;

    /** What the run's state messages showed; either figure is null when there was nothing to measure. */
    record Figures(long messages, Double perNodePerPeriod, Double meanBytes) {
    }

    private final IntSupplier liveNodes;
    private final ToIntFunction<Message> encodedSize;
    private final long updatePeriodMillis;
    private long last;
    private int liveAtLast;
    private double nodeMillis;
    private long messages;
    private double sampledBytes;
    private long sampledWeight;

    /**
     * @param liveNodes the runtime's live node count
     * @param encodedSize a message's size as the live codec writes it
     * @param startMillis the virtual time the count starts at
     */
    StateTraffic(IntSupplier liveNodes, ToIntFunction<Message> encodedSize, long updatePeriodMillis,
            long startMillis) {
        this.liveNodes = liveNodes;
        this.encodedSize = encodedSize;
        this.updatePeriodMillis = updatePeriodMillis;
        this.last = startMillis;
        this.liveAtLast = liveNodes.getAsInt();
    }

    @Override
    public void onSend(NodeId from, NodeId to, Message message, long now) {
        if (now > last) {
            nodeMillis += (double) liveAtLast * (now - last);
            last = now;
            liveAtLast = liveNodes.getAsInt();
        }
        if (!(message instanceof NeighbourState || message instanceof NeighbourBeat)) {
            return;
        }
        long k = messages++;
        if (k < SAMPLE_ALL || k % STRIDE == 0) {
            int weight = k < SAMPLE_ALL ? 1 : STRIDE;
            sampledBytes += (double) weight * encodedSize.applyAsInt(message);
            sampledWeight += weight;
        }
    }

    /** The figures of the window from the start to {@code nowMillis}. */
    Figures figures(long nowMillis) {
        double window = nodeMillis + (double) liveAtLast * Math.max(0, nowMillis - last);
        Double perNodePerPeriod = window > 0 ? messages * (double) updatePeriodMillis / window : null;
        Double meanBytes = sampledWeight > 0 ? sampledBytes / sampledWeight : null;
        return new Figures(messages, perNodePerPeriod, meanBytes);
    }
}
