package io.cangrid.can.message;

/**
 * A neighbour state that says only "as before, and alive": what a node sends a neighbour in place of its
 * {@link NeighbourState} when that neighbour already has the state whole (the same claim and list, a
 * higher layer's extension equal by value or none, and the same world but for its leader's heartbeat
 * count). A settled grid sends little else, so its idle traffic is these few bytes a neighbour and period
 * rather than a claim, a point, the capabilities and a node's loads each time. A receiver that does not
 * hold what the numbers name (a message was lost, or overtaken, or the sender takes it for a neighbour it
 * is not) asks for the whole state with a {@link ListRequest}.
 *
 * @param version the version of the sender's claim, which the receiver must hold
 * @param baseVersion the number of the sender's base list. When it is new, the list is the one the
 *     receiver holds (same {@code listVersion}), made the base in place: the receiver makes the list it
 *     holds its base too, and nobody sends a whole list for it
 * @param listVersion the number of the sender's list, which the receiver must hold
 * @param worldTerm the term of the sender's world as its last state named it, or {@link #NO_WORLD}
 * @param worldBeat the last of that world's leader's heartbeats the sender heard of (0 without a world)
 * @param serial the number of the state the beat stands for (see {@link NeighbourState#serial()}): a
 *     receiver holding an earlier one, overtaken in flight by a later state, asks for the whole state
 */
public record NeighbourBeat(long version, long baseVersion, long listVersion, long worldTerm, int worldBeat,
        long serial) implements CanMessage {

    /** The term of a sender that keeps no world. */
    public static final long NO_WORLD = -1;

    /** True when every number is one a correct sender can send. */
    public boolean wellFormed() {
        return version >= 0 && baseVersion >= 0 && listVersion >= baseVersion && serial >= 0
                && worldTerm >= NO_WORLD && worldBeat >= 0 && (worldTerm != NO_WORLD || worldBeat == 0);
    }
}
