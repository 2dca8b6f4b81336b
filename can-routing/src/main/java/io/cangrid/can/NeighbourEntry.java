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
 * sent whole and its latest message of changes to that base (see {@link NeighbourState}).
 *
 * <p>A million of these tables live in one simulation, some twenty entries each, so an entry is kept to
 * four references and one 32-bit number, 32 bytes: the zones credited are kept apart from the claim only
 * in the rare case that newer claims took some of them, and the time last heard (modulo 2^31 ms;
 * differences stay exact for 12 days, far beyond the seconds after which a silent neighbour is dropped)
 * shares its number with the bit that says whether the neighbour holds our current base list.
 */
public final class NeighbourEntry {

    /** The bit of {@link #heardAndBase} that says the neighbour holds our current base list. */
    private static final int HOLDS_OUR_BASE = 1;

    /** The claim as received, or a {@link Reduced} one once newer claims took some of its zones. */
    private Object held;
    private NeighbourState lastState;
    /**
     * The base list this neighbour last sent whole. Only the list is kept, not the message that carried
     * it: the message would keep that round's claim, extension and changes alive as long as the base.
     */
    private NodeZones[] baseList;
    /**
     * The latest message whose changes apply to that base (the one that carried it, or a later one); its
     * base number is the number of {@link #baseList}.
     */
    private NeighbourState listState;
    /** The time last heard, in ms, shifted up one bit; the low bit is {@link #HOLDS_OUR_BASE}. */
    private int heardAndBase;

    /** A claim some of whose zones newer claims took: the zones still credited to its node. */
    private record Reduced(NodeZones claim, Zone[] zones) {
    }

    NeighbourEntry(NodeId id, NodeZones claim, long lastHeard) {
        if (!claim.node().equals(id)) {
            throw new IllegalArgumentException("the claim of " + claim.node() + " cannot make the entry of " + id);
        }
        this.held = claim;
        this.heardAndBase = (int) lastHeard << 1;
    }

    public NodeId id() {
        return claim().node();
    }

    /** The claim as last received (version and zones as the neighbour stated them). */
    public NodeZones claim() {
        return held instanceof Reduced r ? r.claim() : (NodeZones) held;
    }

    /** The zones this node currently credits to the neighbour: its claim minus zones superseded by newer claims. */
    public Zone[] zones() {
        return held instanceof Reduced r ? r.zones() : ((NodeZones) held).zones();
    }

    public long version() {
        return claim().version();
    }

    /** How long ago, in ms, the neighbour was last heard from (or first heard of). */
    public long silentFor(long now) {
        return (((int) now << 1) - (heardAndBase & ~HOLDS_OUR_BASE)) >> 1;
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
        if (baseList == null) {
            return ListedClaims.NONE;
        }
        NeighbourState l = listState;
        return ListedClaims.merge(baseList, l.changed(), l.dropped());
    }

    /** The number of the neighbour's list as we hold it, or {@link NeighbourState#UNVERSIONED} when we hold none. */
    long listVersion() {
        return listState == null ? NeighbourState.UNVERSIONED : listState.listVersion();
    }

    /** The number of the base list of the neighbour's that we hold, or {@link NeighbourState#UNVERSIONED}. */
    long baseVersion() {
        return listState == null ? NeighbourState.UNVERSIONED : listState.baseVersion();
    }

    /**
     * The neighbour made the list we hold its base, numbered {@code version} (see {@link
     * io.cangrid.can.message.NeighbourBeat}): so do we, without its sending it.
     */
    void rebaseHeld(long version) {
        NeighbourState l = listState;
        baseList = listed();
        listState = new NeighbourState(l.self(), l.point(), l.capabilities(), null, version, null, null,
                l.listVersion(), l.extension(), l.world(), l.serial());
    }

    public double volume() {
        double v = 0;
        for (Zone z : zones()) {
            v += z.volume();
        }
        return v;
    }

    /**
     * Takes a claim of the neighbour's, first- or second-hand. Only a newer claim than the one held shows
     * that the neighbour lived lately; the same claim relisted by other nodes, which go on listing a crashed
     * node until they notice it themselves, must not keep it alive.
     */
    void update(NodeZones newClaim, long now) {
        boolean newer = newClaim.version() > version();
        this.held = newClaim;
        if (newer) {
            heardAt(now);
        }
    }

    void heard(NeighbourState state, long now) {
        this.lastState = state;
        heardAt(now);
    }

    /** The neighbour was heard from now: by its state or by any other message it sent us. */
    void heardAt(long now) {
        heardAndBase = (int) now << 1 | (heardAndBase & HOLDS_OUR_BASE);
    }

    /**
     * Takes the list part of a state message from this neighbour. Returns the claims it lists that we did
     * not hold as they are now (what discovery must look at), an empty array when it teaches nothing new,
     * or null when it carries changes to a base we do not hold: then the neighbour must be asked for it.
     */
    NodeZones[] absorbList(NeighbourState s) {
        if (s.listVersion() == NeighbourState.UNVERSIONED) {
            // A list that asks to be read in full every time.
            baseList = s.listed();
            listState = s;
            return s.neighbours();
        }
        NeighbourState prior = listState;
        if (s.carriesList()) {
            if (prior != null && prior.listVersion() != NeighbourState.UNVERSIONED
                    && s.baseVersion() < prior.baseVersion()) {
                return ListedClaims.NONE;
            }
            if (prior != null && s.baseVersion() == prior.baseVersion() && s.listVersion() <= prior.listVersion()) {
                return ListedClaims.NONE;
            }
            NodeZones[] oldBase = baseList;
            baseList = s.listed();
            listState = s;
            if (prior == null) {
                return listed();
            }
            if (s.baseVersion() == prior.baseVersion()) {
                // The base we hold, sent again (an answer to our request, or to a node it took for new):
                // only the changes can be news.
                return ListedClaims.news(s.changed(), prior.changed());
            }
            return ListedClaims.news(listed(), oldBase, prior.changed(), prior.dropped());
        }
        if (prior == null || s.baseVersion() > prior.baseVersion()) {
            return null;
        }
        if (s.baseVersion() < prior.baseVersion() || s.listVersion() <= prior.listVersion()) {
            // Older than what we hold (overtaken in flight), or the list we hold already.
            return ListedClaims.NONE;
        }
        listState = s;
        // Changes accumulate until the next base: only those we have not read before are news.
        return ListedClaims.news(s.changed(), prior.changed());
    }

    /** True when we have sent this neighbour our current base list whole. */
    boolean holdsOurBase() {
        return (heardAndBase & HOLDS_OUR_BASE) != 0;
    }

    void sentBase() {
        heardAndBase |= HOLDS_OUR_BASE;
    }

    /** Our list has a new base, which this neighbour has yet to be sent. */
    void baseReplaced() {
        heardAndBase &= ~HOLDS_OUR_BASE;
    }

    /** True when {@code other} is the claim this entry holds, and none of its zones has been withdrawn since. */
    boolean holdsUnreduced(NodeZones other) {
        return held instanceof NodeZones c && c.sameAs(other);
    }

    void setZones(Zone[] credited) {
        NodeZones c = claim();
        held = credited == c.zones() ? c : new Reduced(c, credited);
    }
}
