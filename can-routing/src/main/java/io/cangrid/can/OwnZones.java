package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.overlay.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * The zones a node holds: usually one (its home zone, which contains its point), more after takeovers
 * and hand-overs. Sibling zones held together are merged back into their parent at once, which is the
 * overlay's background repair of fragmentation.
 */
final class OwnZones {

    private final List<Zone> zones = new ArrayList<>(2);
    private Zone[] snapshot = new Zone[0];
    private List<Zone> offered;

    List<Zone> list() {
        return zones;
    }

    Zone[] toArray() {
        return snapshot;
    }

    boolean isEmpty() {
        return zones.isEmpty();
    }

    int size() {
        return zones.size();
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
        for (Zone m : snapshot) {
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
        for (int i = 0; i < zones.size(); i++) {
            Zone z = zones.get(i);
            if (z.path().isPrefixOf(zone.path())) {
                if (z.path().equals(zone.path()) && zone.epoch() > z.epoch()) {
                    zones.set(i, zone);
                    refresh();
                }
                return;
            }
        }
        zones.removeIf(z -> zone.path().isPrefixOf(z.path()));
        Zone current = zone;
        boolean merged = true;
        while (merged && current.path().depth() > 0) {
            merged = false;
            for (int i = 0; i < zones.size(); i++) {
                Zone z = zones.get(i);
                if (z.isSiblingOf(current)) {
                    zones.remove(i);
                    current = current.mergeWith(z, Math.max(current.epoch(), z.epoch()) + 1);
                    merged = true;
                    break;
                }
            }
        }
        zones.add(current);
        refresh();
    }

    void replace(Zone old, Zone... replacements) {
        zones.remove(old);
        for (Zone r : replacements) {
            zones.add(r);
        }
        refresh();
    }

    void remove(Zone zone) {
        zones.remove(zone);
        refresh();
    }

    void clear() {
        zones.clear();
        refresh();
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
        if (offered != null) {
            offered.clear();
        }
    }

    /** The largest epoch held, so zones this node issues next are ordered after all of them. */
    long maxEpoch() {
        long e = 0;
        for (Zone z : zones) {
            e = Math.max(e, z.epoch());
        }
        return e;
    }

    private void refresh() {
        snapshot = zones.toArray(new Zone[0]);
    }
}
