package io.cangrid.can;

import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The owners a node's own routed messages reached lately, and the zones each said it holds: a message this
 * node starts toward a point inside one of them goes there in one hop.
 *
 * <p>Why: nodes whose capabilities are alike (a room of identical desktops, or every node of a machine) sit
 * at one point of the capability axes and differ only on the virtual axis, so their zones are slabs stacked
 * along it, and greedy forwarding crosses the stack one slab a hop: a third of the nodes on average. The
 * node a client submits at starts a route for every job; the owners it reaches answer with their zones
 * ({@code OwnerNotice}), at most once an update period each, and its next jobs for those zones skip the
 * stack.
 *
 * <p>What keeps it safe: only the node starting a route takes a shortcut (hop 0), so a route takes at most
 * one and cannot loop; a node that no longer holds the point forwards greedily as any node would. An entry
 * is trusted for {@link #FRESH_PERIODS} update periods after the owner's last word, so a node that left or
 * died stops drawing messages soon (a job lost there is resubmitted by its follower, as any lost job is).
 * An owner that leaves tells the origins it told lately. An owner speaks only for itself, on its own
 * authenticated session; the node refuses a claim that holds none of its latest routes' points or overlaps
 * its zones or its neighbours', before it gets here, and here a claim overlapping another owner's word
 * drops both. What is left to a liar: a member that saw one of our routes may draw our routes to space no
 * node around us and no other owner's word holds, for as long as it keeps answering; the jobs among them
 * are resubmitted by their followers, as jobs lost at a member that drops what it should forward are.
 */
final class OwnerShortcuts {

    /** Owners kept: enough for a grid of a few dozen slabs to be one hop everywhere. */
    static final int CAPACITY = 64;
    /** How long an owner's word holds, in update periods. */
    static final int FRESH_PERIODS = 3;
    /** Origins an owner remembers telling, so that each hears from it at most once a period. */
    static final int ORIGINS_REMEMBERED = 256;
    /** Points this node's latest routes set out for: a notice is taken only in answer to one of them. */
    static final int TARGETS_REMEMBERED = 256;

    private record Known(Zone[] zones, long heardAt) {
    }

    private final long freshMillis;
    private final long periodMillis;
    /** In order of the owners' last word, oldest first: the first is the one to drop. */
    private final LinkedHashMap<NodeId, Known> owners = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<NodeId, Known> eldest) {
            return size() > CAPACITY;
        }
    };
    private final LinkedHashMap<NodeId, Long> told = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<NodeId, Long> eldest) {
            return size() > ORIGINS_REMEMBERED;
        }
    };

    private final Point[] targets = new Point[TARGETS_REMEMBERED];
    private int nextTarget;
    /** When a route's point last made way for a newer one; {@link Long#MIN_VALUE} while none has. */
    private long forgotTargetAt = Long.MIN_VALUE;

    OwnerShortcuts(long updatePeriodMillis) {
        this.periodMillis = updatePeriodMillis;
        this.freshMillis = FRESH_PERIODS * updatePeriodMillis;
    }

    /** As the owner: whether to tell {@code origin} our zones now (at most once an update period each). */
    boolean shouldTell(NodeId origin, long now) {
        Long last = told.get(origin);
        if (last != null && now - last < periodMillis) {
            return false;
        }
        told.remove(origin);
        told.put(origin, now);
        return true;
    }

    /** As the origin: a route of ours set out for {@code target} at {@code now}. */
    void started(Point target, long now) {
        if (targets[nextTarget] != null) {
            forgotTargetAt = now;
        }
        targets[nextTarget] = target;
        nextTarget = (nextTarget + 1) % TARGETS_REMEMBERED;
    }

    /** Whether {@code zones} hold a point one of our latest routes set out for: a notice answers a route. */
    boolean answersARoute(Zone[] zones) {
        for (Point p : targets) {
            if (p == null) {
                break;
            }
            for (Zone z : zones) {
                if (z.dimensions() == p.dimensions() && z.contains(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether a notice that answers none of our remembered routes may still answer one we have forgotten: a
     * node setting out more than {@link #TARGETS_REMEMBERED} routes within an update period (a cluster of
     * thousands of jobs taken at once) forgets the points of routes whose owners have yet to answer. Such a
     * notice is not used either way; it is only not reported as a hostile one.
     */
    boolean forgotRoutesLately(long now) {
        return forgotTargetAt != Long.MIN_VALUE && now - forgotTargetAt <= periodMillis;
    }

    /**
     * As the origin: {@code owner} holds {@code zones}, by its own word at {@code now}. False, and neither
     * word kept, when another owner's fresh word holds some of the same space.
     */
    boolean heard(NodeId owner, Zone[] zones, long now) {
        NodeId conflicting = null;
        for (Map.Entry<NodeId, Known> e : owners.entrySet()) {
            if (!e.getKey().equals(owner) && now - e.getValue().heardAt() <= freshMillis
                    && overlap(e.getValue().zones(), zones)) {
                conflicting = e.getKey();
                break;
            }
        }
        owners.remove(owner);
        if (conflicting != null) {
            owners.remove(conflicting);
            return false;
        }
        owners.put(owner, new Known(zones.clone(), now));
        return true;
    }

    private static boolean overlap(Zone[] a, Zone[] b) {
        for (Zone x : a) {
            for (Zone y : b) {
                if (x.dimensions() == y.dimensions() && x.intersects(y)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** As the owner: the origins told at {@code since} or later. */
    java.util.List<NodeId> toldSince(long since) {
        java.util.List<NodeId> out = new java.util.ArrayList<>();
        told.forEach((origin, at) -> {
            if (at >= since) {
                out.add(origin);
            }
        });
        return out;
    }

    /** Forgets {@code node}: it is a neighbour now, or gone. */
    void forget(NodeId node) {
        owners.remove(node);
    }

    /** A node that said lately it holds {@code target}, or null. Stale entries go on the way. */
    NodeId ownerOf(Point target, long now) {
        for (Iterator<Map.Entry<NodeId, Known>> it = owners.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<NodeId, Known> e = it.next();
            if (now - e.getValue().heardAt() > freshMillis) {
                it.remove();
                continue;
            }
            for (Zone z : e.getValue().zones()) {
                if (z.contains(target)) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    int size() {
        return owners.size();
    }
}
