package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.ListedClaims;
import io.cangrid.can.message.NeighbourState;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;

/**
 * What a node knows of one neighbour: its latest claim (possibly learned second-hand, from another
 * neighbour's state), when it was last heard from, its last own state message (capabilities and the
 * extension data of higher layers), and its neighbour list as far as we hold it: the base list it last
 * sent whole and the latest changes to that base (see {@link NeighbourState}).
 *
 * <p>A million of these tables live in one simulation, some twenty entries each, so an entry keeps only
 * references and two 32-bit numbers: the time last heard is kept modulo 2^32 ms (differences stay exact
 * for 24 days, far beyond the seconds after which a silent neighbour is dropped).
 */
public final class NeighbourEntry {

    private static final int NOT_SENT = Integer.MIN_VALUE;

    private NodeZones claim;
    private Zone[] zones;
    private NeighbourState lastState;
    /** The last message of this neighbour that carried its base list. */
    private NeighbourState baseState;
    /** The latest message whose changes apply to that base (baseState itself, or a later one). */
    private NeighbourState listState;
    private int lastHeard;
    /** Low bits of our own base list's number as we last sent it whole to this neighbour. */
    private int baseSent = NOT_SENT;

    NeighbourEntry(NodeId id, NodeZones claim, long lastHeard) {
        if (!claim.node().equals(id)) {
            throw new IllegalArgumentException("the claim of " + claim.node() + " cannot make the entry of " + id);
        }
        this.claim = claim;
        this.zones = claim.zones();
        this.lastHeard = (int) lastHeard;
    }

    public NodeId id() {
        return claim.node();
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

    /** How long ago, in ms, the neighbour was last heard from (or first heard of). */
    public long silentFor(long now) {
        return (int) now - lastHeard;
    }

    /** The neighbour's last own state message, or null if it has only been heard of second-hand. */
    public NeighbourState lastState() {
        return lastState;
    }

    /**
     * The neighbour's own neighbour list as we hold it (its base list with the latest changes we received);
     * empty when it has never sent us its list.
     */
    public NodeZones[] listed() {
        if (baseState == null) {
            return ListedClaims.NONE;
        }
        NeighbourState l = listState;
        return ListedClaims.merge(baseState.listed(), l.changed(), l.dropped());
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
        this.lastHeard = (int) now;
    }

    void heard(NeighbourState state, long now) {
        this.lastState = state;
        this.lastHeard = (int) now;
    }

    /**
     * Takes the list part of a state message from this neighbour. Returns the claims it lists that we did
     * not hold as they are now (what discovery must look at), an empty array when it teaches nothing new,
     * or null when it carries changes to a base we do not hold: then the neighbour must be asked for it.
     */
    NodeZones[] absorbList(NeighbourState s) {
        if (s.listVersion() == NeighbourState.UNVERSIONED) {
            // A list that asks to be read in full every time.
            baseState = s;
            listState = s;
            return s.neighbours();
        }
        if (s.carriesList()) {
            if (baseState != null && baseState.listVersion() != NeighbourState.UNVERSIONED
                    && s.baseVersion() < baseState.baseVersion()) {
                return ListedClaims.NONE;
            }
            if (listState != null && s.baseVersion() == baseState.baseVersion()
                    && s.listVersion() <= listState.listVersion()) {
                return ListedClaims.NONE;
            }
            NeighbourState oldBase = baseState;
            NeighbourState oldList = listState;
            baseState = s;
            listState = s;
            if (oldBase == null) {
                return listed();
            }
            if (s.baseVersion() == oldBase.baseVersion()) {
                // The base we hold, sent again (an answer to our request, or to a node it took for new):
                // only the changes can be news.
                return ListedClaims.news(s.changed(), oldList.changed());
            }
            return ListedClaims.news(listed(), oldBase.listed(), oldList.changed(), oldList.dropped());
        }
        if (baseState == null || s.baseVersion() > baseState.baseVersion()) {
            return null;
        }
        if (s.baseVersion() < baseState.baseVersion() || s.listVersion() <= listState.listVersion()) {
            // Older than what we hold (overtaken in flight), or the list we hold already.
            return ListedClaims.NONE;
        }
        NeighbourState previous = listState;
        listState = s;
        // Changes accumulate until the next base: only those we have not read before are news.
        return ListedClaims.news(s.changed(), previous.changed());
    }

    /** True when we last sent this neighbour our base list numbered {@code baseVersion} whole. */
    boolean holdsOurBase(long baseVersion) {
        return baseSent == (int) baseVersion;
    }

    void sentBase(long baseVersion) {
        baseSent = (int) baseVersion;
    }

    /** True when {@code other} is the claim this entry holds, and none of its zones has been withdrawn since. */
    boolean holdsUnreduced(NodeZones other) {
        return zones == claim.zones() && claim.sameAs(other);
    }

    void setZones(Zone[] credited) {
        this.zones = credited;
    }
}
