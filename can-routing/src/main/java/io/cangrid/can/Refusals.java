package io.cangrid.can;

import io.cangrid.overlay.NodeId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one node refused at the door: messages from peers whose values break the protocol's rules (see
 * {@link NeighbourStateCheck}, {@link HandoffCheck}, {@link EpochBound}), counted by kind. A peer may send
 * the same bad message every period, so the log hears of the first refusal of each kind and then only when
 * that kind's count reaches a power of two: a handful of lines over a day, each with the count so far.
 * Tests and the inspection read the counts.
 */
public final class Refusals {

    /** Why an input was refused. */
    public enum Kind {
        /** A state message with a missing, out-of-range, non-finite or oversized value. */
        MALFORMED_STATE,
        /** A message that names another node as its sender than the one whose session it came on. */
        WRONG_SENDER,
        /** A state message whose extension (a higher layer's record) that layer's check refused. */
        BAD_EXTENSION,
        /** Zones handed over by a node this node does not hold as a neighbour. */
        HANDOFF_FROM_STRANGER,
        /** Zones handed over that neither border this node's zones nor lie in the giver's. */
        HANDOFF_NOT_ADJACENT,
        /** A hand-over with a missing or oversized value, or a zone of another space. */
        MALFORMED_HANDOFF,
        /** A takeover claim with a missing value or a volume outside the space. */
        MALFORMED_TAKEOVER,
        /** A claim whose epoch runs further ahead of the space's known epochs than the protocol can. */
        EPOCH_JUMP,
        /**
         * An owner's notice of its zones that is malformed, answers none of this node's routes, or overlaps
         * space this node or its neighbours hold.
         */
        BAD_NOTICE,
        /**
         * A world's beacon, hello or merge word with a missing value, a negative term or age, or a hello whose
         * claim is malformed or not its sender's.
         */
        BAD_WORLD
    }

    private static final Logger log = LoggerFactory.getLogger(Refusals.class);
    private static final Kind[] KINDS = Kind.values();

    private final long[] counts = new long[KINDS.length];

    /** Counts one refusal of {@code kind} from {@code from} at node {@code self}, logging it if its turn has come. */
    void refuse(NodeId self, Kind kind, NodeId from, String what) {
        long n = ++counts[kind.ordinal()];
        if ((n & (n - 1)) == 0) {
            log.warn("{}: refused {} from {} ({}, {} of this kind so far)", self.shortName(), what,
                    from == null ? "an unknown node" : from.shortName(), kind, n);
        }
    }

    public long count(Kind kind) {
        return counts[kind.ordinal()];
    }

    public long total() {
        long t = 0;
        for (long c : counts) {
            t += c;
        }
        return t;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Refusals[");
        String sep = "";
        for (Kind k : KINDS) {
            if (counts[k.ordinal()] > 0) {
                sb.append(sep).append(k).append('=').append(counts[k.ordinal()]);
                sep = ", ";
            }
        }
        return sb.append(']').toString();
    }
}
