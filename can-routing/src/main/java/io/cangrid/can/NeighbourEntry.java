package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;

/**
 * What a node knows of one neighbour: its latest claim (possibly learned second-hand, from another
 * neighbour's state), when it was last heard from, and its last own state message, which carries the
 * neighbour's capabilities, its neighbours (for a takeover) and the extension data of higher layers.
 */
public final class NeighbourEntry {

    private final NodeId id;
    private NodeZones claim;
    private Zone[] zones;
    private long lastHeard;
    private NeighbourState lastState;
    private long listProcessed = NeighbourState.UNVERSIONED;
    private long listProcessedAt = -1;

    NeighbourEntry(NodeId id, NodeZones claim, long lastHeard) {
        this.id = id;
        this.claim = claim;
        this.zones = claim.zones();
        this.lastHeard = lastHeard;
    }

    public NodeId id() {
        return id;
    }

    /** The claim as last received (version and zones as the neighbour stated them). */
    public NodeZones claim() {
        return claim;
    }

    /** The zones this node currently credits to the neighbour: its claim minus zones superseded by newer claims. */
    public Zone[] zones() {
        return zones;
    }

    public long version() {
        return claim.version();
    }

    public long lastHeard() {
        return lastHeard;
    }

    /** The neighbour's last own state message, or null if it has only been heard of second-hand. */
    public NeighbourState lastState() {
        return lastState;
    }

    public double volume() {
        double v = 0;
        for (Zone z : zones) {
            v += z.volume();
        }
        return v;
    }

    void update(NodeZones newClaim, long now) {
        this.claim = newClaim;
        this.zones = newClaim.zones();
        this.lastHeard = now;
    }

    void heard(NeighbourState state, long now) {
        this.lastState = state;
        this.lastHeard = now;
    }

    /** The version of this node's neighbour list we last read, and our own version when we read it. */
    long listProcessed() {
        return listProcessed;
    }

    /** True when the list of {@code state} was read in full while our own zones were at {@code ownVersion}. */
    boolean hasRead(NeighbourState state, long ownVersion) {
        return state.listVersion() != NeighbourState.UNVERSIONED && listProcessed == state.listVersion()
                && listProcessedAt == ownVersion;
    }

    /** True when {@code other} is the claim this entry holds, and none of its zones has been withdrawn since. */
    boolean holdsUnreduced(NodeZones other) {
        return zones == claim.zones() && claim.sameAs(other);
    }

    long listProcessedAt() {
        return listProcessedAt;
    }

    /** Makes the neighbour's next state be read in full, even if its claim and list have not changed. */
    void reread() {
        listProcessed = NeighbourState.UNVERSIONED;
        listProcessedAt = -1;
    }

    void listProcessed(long listVersion, long ownVersion) {
        listProcessed = listVersion;
        listProcessedAt = ownVersion;
    }

    void setZones(Zone[] credited) {
        this.zones = credited;
    }
}
