package io.cangrid.can.message;

import io.cangrid.overlay.NodeId;
import java.util.Arrays;

/**
 * Neighbour lists as state messages carry them: a base list, the claims changed since and the nodes
 * dropped since (see {@link NeighbourState}). Lists hold a few dozen claims, so linear search is the fast
 * way; an unchanged claim is usually the very same object, so identity is tried before equality.
 */
public final class ListedClaims {

    public static final NodeZones[] NONE = new NodeZones[0];
    public static final NodeId[] NO_NODES = new NodeId[0];

    private ListedClaims() {
    }

    /** The base with the changes applied: changed claims replace or join the base's, dropped nodes go. */
    public static NodeZones[] merge(NodeZones[] base, NodeZones[] changed, NodeId[] dropped) {
        if (changed.length == 0 && dropped.length == 0) {
            return base;
        }
        NodeZones[] out = new NodeZones[base.length + changed.length];
        int n = 0;
        for (NodeZones c : base) {
            if (indexOf(changed, c.node()) < 0 && !contains(dropped, c.node())) {
                out[n++] = c;
            }
        }
        System.arraycopy(changed, 0, out, n, changed.length);
        n += changed.length;
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** The claims of {@code now} that {@code before} does not hold as they are (new nodes, newer claims). */
    public static NodeZones[] news(NodeZones[] now, NodeZones[] before) {
        NodeZones[] out = null;
        int n = 0;
        for (int i = 0; i < now.length; i++) {
            NodeZones c = now[i];
            if (holdsObject(before, c)) {
                continue;
            }
            int j = indexOf(before, c.node());
            if (j >= 0 && before[j].sameAs(c)) {
                continue;
            }
            if (out == null) {
                out = new NodeZones[now.length - i];
            }
            out[n++] = c;
        }
        return out == null ? NONE : n == out.length ? out : Arrays.copyOf(out, n);
    }

    /**
     * As {@link #news(NodeZones[], NodeZones[])} against the list {@code base} with {@code changed} and
     * {@code dropped} applied, without building that list.
     */
    public static NodeZones[] news(NodeZones[] now, NodeZones[] base, NodeZones[] changed, NodeId[] dropped) {
        if (changed.length == 0 && dropped.length == 0) {
            return news(now, base);
        }
        NodeZones[] out = null;
        int n = 0;
        for (int i = 0; i < now.length; i++) {
            NodeZones c = now[i];
            if (holdsObject(changed, c)
                    || (holdsObject(base, c) && indexOf(changed, c.node()) < 0 && !contains(dropped, c.node()))) {
                continue;
            }
            int j = indexOf(changed, c.node());
            NodeZones held = j >= 0 ? changed[j] : null;
            if (held == null && !contains(dropped, c.node())) {
                int k = indexOf(base, c.node());
                held = k >= 0 ? base[k] : null;
            }
            if (held != null && held.sameAs(c)) {
                continue;
            }
            if (out == null) {
                out = new NodeZones[now.length - i];
            }
            out[n++] = c;
        }
        return out == null ? NONE : n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** The nodes of {@code before} that {@code now} no longer lists. */
    public static NodeId[] gone(NodeZones[] now, NodeZones[] before) {
        NodeId[] out = null;
        int n = 0;
        for (int i = 0; i < before.length; i++) {
            if (holdsObject(now, before[i])) {
                continue;
            }
            NodeId id = before[i].node();
            if (indexOf(now, id) >= 0) {
                continue;
            }
            if (out == null) {
                out = new NodeId[before.length - i];
            }
            out[n++] = id;
        }
        return out == null ? NO_NODES : n == out.length ? out : Arrays.copyOf(out, n);
    }

    /**
     * True when {@code claims} holds this very object. A list holds one claim per node, so the object
     * found is that node's claim in the list. An unchanged claim is usually the very object that was
     * listed before: comparing references first spares following every claim to its node id, which at a
     * million nodes is a cache miss each.
     */
    public static boolean holdsObject(NodeZones[] claims, NodeZones claim) {
        for (NodeZones c : claims) {
            if (c == claim) {
                return true;
            }
        }
        return false;
    }

    /** The position of {@code node}'s claim in {@code claims}, or -1. */
    public static int indexOf(NodeZones[] claims, NodeId node) {
        for (int i = 0; i < claims.length; i++) {
            NodeId n = claims[i].node();
            if (n == node || n.equals(node)) {
                return i;
            }
        }
        return -1;
    }

    /** True when the two lists hold the same claims in the same order. */
    public static boolean same(NodeZones[] a, NodeZones[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!a[i].sameAs(b[i])) {
                return false;
            }
        }
        return true;
    }

    static boolean contains(NodeId[] ids, NodeId id) {
        for (NodeId x : ids) {
            if (x.equals(id)) {
                return true;
            }
        }
        return false;
    }
}
