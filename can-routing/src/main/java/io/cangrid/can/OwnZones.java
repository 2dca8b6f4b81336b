package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The zones a node holds: usually one (its home zone, which contains its point), more after takeovers
 * and hand-overs. Sibling zones held together are merged back into their parent at once, which is the
 * overlay's background repair of fragmentation.
 */
final class OwnZones {

    private static final Zone[] NONE = new Zone[0];

    /**
     * The zones, in the order they came. Zones change a few times in a node's life and are read on every
     * message, so they are kept as one array, replaced whole by a change: no list beside it.
     */
    private Zone[] zones = NONE;
    private List<Zone> offered;

    /** The zones as an unmodifiable list, as they are now. */
    List<Zone> list() {
        return List.of(zones);
    }

    /** The zones as they are now; the array is never changed (a change of zones makes a new one). */
    Zone[] toArray() {
        return zones;
    }

    boolean isEmpty() {
        return zones.length == 0;
    }

    int size() {
        return zones.length;
    }

    double volume() {
        double v = 0;
        for (Zone z : zones) {
            v += z.volume();
        }
        return v;
    }

    Zone containing(Point p) {
        for (Zone z : zones) {
            if (z.contains(p)) {
                return z;
            }
        }
        return null;
    }

    double distanceTo(Point p) {
        double best = Double.POSITIVE_INFINITY;
        for (Zone z : zones) {
            best = Math.min(best, z.distanceTo(p));
        }
        return best;
    }

    Zone withPath(ZonePath path) {
        for (Zone z : zones) {
            if (z.path().equals(path)) {
                return z;
            }
        }
        return null;
    }

    boolean isNeighbourOf(Zone other) {
        for (Zone z : zones) {
            if (z.isNeighbourOf(other)) {
                return true;
            }
        }
        return false;
    }

    /** True when one of {@code others} touches or overlaps one of our zones (closed boxes). */
    boolean touchesAny(Zone[] others) {
        for (Zone m : zones) {
            for (Zone o : others) {
                if (m.touches(o)) {
                    return true;
                }
            }
        }
        return false;
    }

    boolean isNeighbourOfAny(Zone[] others) {
        for (Zone o : others) {
            if (isNeighbourOf(o)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds a zone and merges every sibling pair this creates. Space already held is not held twice: a
     * zone inside one we hold only re-stamps it, a zone around some we hold replaces them.
     */
    void add(Zone zone) {
        for (int i = 0; i < zones.length; i++) {
            Zone z = zones[i];
            if (z.path().isPrefixOf(zone.path())) {
                if (z.path().equals(zone.path()) && zone.epoch() > z.epoch()) {
                    Zone[] restamped = zones.clone();
                    restamped[i] = zone;
                    zones = restamped;
                }
                return;
            }
            if (!z.path().equals(zone.path()) && z.encloses(zone)) {
                // Space we hold already, under another path: the same space split another way in an earlier
                // epoch (a late hand-over or takeover of it). Kept too, it would claim a path a newer holder
                // owns while adding nothing of its own.
                return;
            }
        }
        List<Zone> working = working();
        working.removeIf(z -> zone.path().isPrefixOf(z.path()) || zone.encloses(z));
        Zone current = zone;
        boolean merged = true;
        while (merged && current.path().depth() > 0) {
            merged = false;
            for (int i = 0; i < working.size(); i++) {
                Zone z = working.get(i);
                if (z.isSiblingOf(current)) {
                    working.remove(i);
                    current = current.mergeWith(z, Math.max(current.epoch(), z.epoch()) + 1);
                    merged = true;
                    break;
                }
            }
        }
        working.add(current);
        keep(working);
    }

    void replace(Zone old, Zone... replacements) {
        List<Zone> working = working();
        working.remove(old);
        for (Zone r : replacements) {
            working.add(r);
        }
        keep(working);
    }

    void remove(Zone zone) {
        List<Zone> working = working();
        working.remove(zone);
        keep(working);
    }

    void clear() {
        zones = NONE;
    }

    /**
     * Notes that {@code zone} has just been offered to the holder of its sibling. It stays ours until that
     * node announces the merged parent, but it is no longer ours to give to anyone else: the same space
     * would end up with two new holders at the same epoch.
     */
    void markOffered(Zone zone) {
        if (offered == null) {
            offered = new ArrayList<>(1);
        }
        offered.add(zone);
    }

    boolean isOffered(Zone zone) {
        return offered != null && offered.contains(zone);
    }

    /** Offers last one update period: one that was not taken up is made again, or lapses. */
    void clearOffers() {
        offered = null;
    }

    /** The largest epoch held, so zones this node issues next are ordered after all of them. */
    long maxEpoch() {
        long e = 0;
        for (Zone z : zones) {
            e = Math.max(e, z.epoch());
        }
        return e;
    }

    /** A list of the zones to change, for {@link #keep}. */
    private List<Zone> working() {
        return new ArrayList<>(Arrays.asList(zones));
    }

    private void keep(List<Zone> changed) {
        zones = changed.toArray(NONE);
    }
}
