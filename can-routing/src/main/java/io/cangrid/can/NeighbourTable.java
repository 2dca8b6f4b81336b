package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A node's neighbours. Tables are small (a few dozen entries), so a list with linear search beats a hash
 * map in both time and memory, which matters with a million nodes in one JVM.
 *
 * <p>Claims may arrive out of order and from different nodes: when two neighbours claim overlapping
 * zones, the zone with the larger epoch is the more recent and the older one is no longer credited.
 * Overlap is only looked for between related paths: cheap, and exact unless a parent was merged and split
 * again along another dimension. A credit that outlives its zone that way goes with its holder's next
 * claim, since the holder gives such a zone up by its box (see Takeovers#resolveConflicts). Nodes
 * recently dropped are remembered with their version so that stale second-hand news cannot bring
 * them back.
 */
final class NeighbourTable {

    private static final int FORGOTTEN_CAPACITY = 16;
    private static final int FIRST_FORGOTTEN_CAPACITY = 4;

    /** Room added whenever the table is full: tables grow to a few dozen and stay near that size. */
    private static final int GROWTH = 4;

    /** The entries in {@code [0, size)}, in the order they came. */
    private NeighbourEntry[] slots = new NeighbourEntry[GROWTH];
    /**
     * The low 16 bits of each entry's node id, side by side with the entries. Finding an entry is the
     * commonest table operation (every message); scanning these numbers reads a cache line where
     * comparing ids through the entries would follow three references per entry, which dominates at a
     * million nodes. A match is confirmed on the id itself.
     */
    private char[] keys = new char[GROWTH];
    private int size;
    /** Whether {@link #claims()} must be rebuilt: set whenever an entry comes, goes or changes claim. */
    private boolean claimsDirty = true;
    private NodeId[] forgottenIds;
    /**
     * The versions forgotten, in 32 bits: a version counts a node's changes of zones, which never come
     * near 2^31; one that did would be stored as the largest int and only ever judged newer, never stale.
     */
    private int[] forgottenVersions;
    private int forgottenCursor;
    /**
     * The last nodes presumed dead here, or forgotten as not adjacent while silent past a heartbeat (see
     * {@link LatelyDead}); kept when our zones change, unlike the other nodes forgotten as not adjacent.
     * Null until the first is remembered: one field, as every node of a million-node simulation pays for
     * each.
     */
    private LatelyDead latelyDead;
    private NodeZones[] claimsCache;

    /** The entries, a read-only view that follows the table (made per call: a field would cost every node). */
    List<NeighbourEntry> entries() {
        return new EntryView();
    }

    private final class EntryView extends AbstractList<NeighbourEntry> implements RandomAccess {
        @Override
        public NeighbourEntry get(int index) {
            Objects.checkIndex(index, size);
            return slots[index];
        }

        @Override
        public int size() {
            return size;
        }
    }

    private static char key(NodeId id) {
        return (char) id.value();
    }

    int size() {
        return size;
    }

    NeighbourEntry get(NodeId id) {
        int i = indexOf(id);
        return i < 0 ? null : slots[i];
    }

    private int indexOf(NodeId id) {
        char key = key(id);
        char[] k = keys;
        for (int i = 0, n = size; i < n; i++) {
            if (k[i] == key && slots[i].id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /** True when {@code claim} is not newer than what this table knows (or knew) of that node. */
    boolean isStale(NodeZones claim) {
        NeighbourEntry e = get(claim.node());
        if (e != null) {
            return claim.version() <= e.version();
        }
        if (forgottenIds == null) {
            return false;
        }
        for (int i = 0; i < forgottenIds.length; i++) {
            if (claim.node().equals(forgottenIds[i])) {
                return claim.version() <= forgottenVersions[i];
            }
        }
        return false;
    }

    /** Inserts or updates the entry for a claim that is newer than the table's; returns the entry. */
    NeighbourEntry put(NodeZones claim, long now) {
        NeighbourEntry e = get(claim.node());
        if (e == null) {
            e = new NeighbourEntry(claim.node(), claim, now);
            if (size == slots.length) {
                slots = Arrays.copyOf(slots, size + GROWTH);
                keys = Arrays.copyOf(keys, size + GROWTH);
            }
            keys[size] = key(claim.node());
            slots[size++] = e;
            claimsDirty = true;
        } else {
            claimsDirty |= !e.claim().sameAs(claim);
            e.update(claim, now);
        }
        return e;
    }

    NeighbourEntry remove(NodeId id) {
        int i = indexOf(id);
        if (i < 0) {
            return null;
        }
        NeighbourEntry e = slots[i];
        // Entries keep their order: the claims list a state message carries follows it.
        System.arraycopy(slots, i + 1, slots, i, size - i - 1);
        System.arraycopy(keys, i + 1, keys, i, size - i - 1);
        slots[--size] = null;
        if (slots.length - size > GROWTH) {
            // A table shrinks from the peak it had while its zone and the nodes around it were being
            // split: room kept for that peak would be a quarter more of every table at a million nodes.
            slots = Arrays.copyOf(slots, size + 1);
            keys = Arrays.copyOf(keys, size + 1);
        }
        claimsDirty = true;
        remember(id, e.version());
        return e;
    }

    private static int asForgotten(long version) {
        return (int) Math.min(version, Integer.MAX_VALUE);
    }

    /** Our zones changed: nodes dropped as not adjacent may be adjacent now, at the same version. */
    void forgetForgotten() {
        // Emptied, the memory goes too: most nodes forget nobody again for a long while.
        forgottenIds = null;
        forgottenVersions = null;
        forgottenCursor = 0;
    }

    /**
     * {@code id} was presumed dead at this claim's version: second-hand news of that claim is stale until
     * {@code untilMillis}. Should the node live after all, its own messages still count at once.
     */
    void rememberDead(NodeId id, long version, long untilMillis) {
        remember(id, version, LatelyDead.DEAD, untilMillis);
    }

    /**
     * {@code id} was dropped as not adjacent after a silence that began at {@code lastHeardMillis}:
     * second-hand news of that claim, until {@code untilMillis}, does not start its silence again (see
     * {@link #rememberedSilence}).
     */
    void rememberSilent(NodeId id, long version, long lastHeardMillis, long untilMillis) {
        remember(id, version, (int) lastHeardMillis, untilMillis);
    }

    private void remember(NodeId id, long version, int since, long untilMillis) {
        if (latelyDead == null) {
            latelyDead = new LatelyDead();
        }
        latelyDead.add(id, asForgotten(version), since, (int) untilMillis);
    }

    /**
     * How long the node of {@code claim}, a claim this table knew (that version or a newer one), has been
     * silent as far as this table remembers: {@link #NOT_REMEMBERED}; {@link Long#MAX_VALUE} for a node
     * presumed dead lately; else the time since it was last heard from before it was dropped as not adjacent.
     */
    long rememberedSilence(NodeZones claim, long now) {
        return latelyDead == null ? NOT_REMEMBERED : latelyDead.silence(claim, (int) now);
    }

    /** {@link #rememberedSilence}: nothing remembered. */
    static final long NOT_REMEMBERED = -1;

    /**
     * The last few nodes presumed dead, or dropped as not adjacent while silent past a heartbeat, the claims
     * they had and until when (ms, modulo 2^31, compared by difference as {@link NeighbourEntry} compares its
     * times) their second-hand news is not taken as it would be of a node never heard of: the nodes around go
     * on listing a crashed node until they notice it themselves, and their lists must neither bring it back
     * nor start its silence again.
     */
    private static final class LatelyDead {
        static final int DEAD = Integer.MIN_VALUE;
        private final NodeId[] ids = new NodeId[FIRST_FORGOTTEN_CAPACITY];
        private final int[] versions = new int[FIRST_FORGOTTEN_CAPACITY];
        /**
         * When last heard from, ms modulo 2^31; {@link #DEAD} for a node presumed dead (a time that falls on
         * that value exactly is taken for it, which only withholds that node's second-hand news a while).
         */
        private final int[] since = new int[FIRST_FORGOTTEN_CAPACITY];
        private final int[] until = new int[FIRST_FORGOTTEN_CAPACITY];
        private int cursor;

        void add(NodeId id, int version, int lastHeard, int untilMillis) {
            int slot = cursor++ % ids.length;
            ids[slot] = id;
            versions[slot] = version;
            since[slot] = lastHeard;
            until[slot] = untilMillis;
        }

        long silence(NodeZones claim, int now) {
            long found = NOT_REMEMBERED;
            for (int i = 0; i < ids.length; i++) {
                // A node remembered twice has two slots: the longer silence counts.
                if (claim.node().equals(ids[i]) && claim.version() <= versions[i] && until[i] - now > 0) {
                    found = Math.max(found, since[i] == DEAD ? Long.MAX_VALUE : now - since[i]);
                }
            }
            return found;
        }
    }

    void remember(NodeId id, long version) {
        if (forgottenIds == null) {
            forgottenIds = new NodeId[FIRST_FORGOTTEN_CAPACITY];
            forgottenVersions = new int[FIRST_FORGOTTEN_CAPACITY];
        }
        int free = -1;
        for (int i = 0; i < forgottenIds.length; i++) {
            if (id.equals(forgottenIds[i])) {
                forgottenVersions[i] = Math.max(forgottenVersions[i], asForgotten(version));
                return;
            }
            if (free < 0 && forgottenIds[i] == null) {
                free = i;
            }
        }
        if (free < 0 && forgottenIds.length < FORGOTTEN_CAPACITY) {
            // Most nodes forget a handful; only those that forget many get room for more, a little at a time.
            free = forgottenIds.length;
            forgottenIds = Arrays.copyOf(forgottenIds, Math.min(FORGOTTEN_CAPACITY, free + FIRST_FORGOTTEN_CAPACITY));
            forgottenVersions = Arrays.copyOf(forgottenVersions, forgottenIds.length);
        }
        int slot = free >= 0 ? free : forgottenCursor++ % FORGOTTEN_CAPACITY;
        forgottenIds[slot] = id;
        forgottenVersions[slot] = asForgotten(version);
    }

    /**
     * Credits {@code fresh}'s zones against the other entries: an overlapping zone with a smaller epoch
     * is withdrawn from its entry; a zone of {@code fresh} overlapped by a larger-epoch zone elsewhere is
     * withdrawn from {@code fresh}. Entries left with no zones are returned so the caller can drop them.
     */
    List<NeighbourEntry> reconcile(NeighbourEntry fresh) {
        List<NeighbourEntry> emptied = null;
        Zone[] mine = fresh.claim().zones();
        boolean freshChanged = false;
        boolean[] superseded = null;
        for (int o = 0; o < size; o++) {
            NeighbourEntry other = slots[o];
            if (other == fresh) {
                continue;
            }
            Zone[] theirs = other.zones();
            boolean otherChanged = false;
            boolean[] drop = null;
            for (int j = 0; j < theirs.length; j++) {
                for (int i = 0; i < mine.length; i++) {
                    if (!theirs[j].path().overlaps(mine[i].path()) || !theirs[j].intersects(mine[i])) {
                        continue;
                    }
                    if (theirs[j].epoch() < mine[i].epoch()) {
                        if (drop == null) {
                            drop = new boolean[theirs.length];
                        }
                        drop[j] = true;
                        otherChanged = true;
                    } else if (theirs[j].epoch() > mine[i].epoch()) {
                        if (superseded == null) {
                            superseded = new boolean[mine.length];
                        }
                        superseded[i] = true;
                        freshChanged = true;
                    }
                }
            }
            if (otherChanged) {
                Zone[] kept = without(theirs, drop);
                other.setZones(kept);
                if (kept.length == 0) {
                    if (emptied == null) {
                        emptied = new ArrayList<>(2);
                    }
                    emptied.add(other);
                }
            }
        }
        if (freshChanged) {
            Zone[] kept = without(mine, superseded);
            fresh.setZones(kept);
            if (kept.length == 0) {
                if (emptied == null) {
                    emptied = new ArrayList<>(2);
                }
                emptied.add(fresh);
            }
        }
        return emptied == null ? List.of() : emptied;
    }

    /**
     * Withdraws from every entry the zones that overlap one of {@code own} with a smaller epoch: news of
     * space that has since come to this node. Returns the entries left with no zones.
     */
    List<NeighbourEntry> yieldTo(Zone[] own) {
        return yieldTo(own, entries());
    }

    /** As {@link #yieldTo(Zone[])}, for the given entries only. */
    List<NeighbourEntry> yieldTo(Zone[] own, List<NeighbourEntry> which) {
        List<NeighbourEntry> emptied = null;
        for (NeighbourEntry e : which) {
            Zone[] theirs = e.zones();
            boolean[] drop = null;
            for (int j = 0; j < theirs.length; j++) {
                for (Zone m : own) {
                    if (theirs[j].epoch() < m.epoch() && theirs[j].path().overlaps(m.path()) && theirs[j].intersects(m)) {
                        if (drop == null) {
                            drop = new boolean[theirs.length];
                        }
                        drop[j] = true;
                    }
                }
            }
            if (drop != null) {
                Zone[] kept = without(theirs, drop);
                e.setZones(kept);
                if (kept.length == 0) {
                    if (emptied == null) {
                        emptied = new ArrayList<>(2);
                    }
                    emptied.add(e);
                }
            }
        }
        return emptied == null ? List.of() : emptied;
    }

    private static Zone[] without(Zone[] zones, boolean[] drop) {
        int n = 0;
        for (boolean d : drop) {
            if (!d) {
                n++;
            }
        }
        Zone[] kept = new Zone[n];
        int k = 0;
        for (int i = 0; i < zones.length; i++) {
            if (!drop[i]) {
                kept[k++] = zones[i];
            }
        }
        return kept;
    }

    /**
     * The claims of all entries as their nodes made them, as a node's state message lists them. The
     * array is rebuilt only when a claim changed, so receivers can tell an unchanged list at a glance.
     * Claims are compared by value: a neighbour's unchanged claim arrives as a new object whenever
     * messages are copied (on the wire, in copy-on-send mode), and must not renumber our list.
     */
    NodeZones[] claims() {
        if (claimsDirty) {
            claimsDirty = false;
            boolean same = claimsCache != null && claimsCache.length == size;
            for (int i = 0; same && i < claimsCache.length; i++) {
                same = claimsCache[i].sameAs(slots[i].claim());
            }
            if (same) {
                return claimsCache;
            }
            NodeZones[] out = new NodeZones[size];
            for (int i = 0; i < out.length; i++) {
                out[i] = slots[i].claim();
            }
            claimsCache = out;
        }
        return claimsCache;
    }
}
