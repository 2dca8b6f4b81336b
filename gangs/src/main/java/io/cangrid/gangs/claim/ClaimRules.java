package io.cangrid.gangs.claim;

import io.cangrid.overlay.NodeId;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The bounds every claim message is checked against before it touches a member's or a coordinator's state:
 * values from the network, from a hostile member as much as from an honest one.
 */
public final class ClaimRules {

    /** Longest gang id: a job id, a cluster id and a suffix fit with room to spare. */
    public static final int MAX_GANG_ID = 128;
    /** Most members of one gang: far above any machine room, low enough that one prepare stays small. */
    public static final int MAX_MEMBERS = 4096;
    /** Shortest lease: below this an honest coordinator's commit could not reach a member in time. */
    public static final long MIN_LEASE_MILLIS = 50;
    /** Longest lease: a crashed coordinator's holds are free again within ten minutes at most. */
    public static final long MAX_LEASE_MILLIS = 600_000;

    private ClaimRules() {
    }

    /** Why {@code gang} is not a usable gang id, or null when it is. */
    public static String badGangId(String gang) {
        if (gang == null || gang.isEmpty()) {
            return "the gang has no id";
        }
        if (gang.length() > MAX_GANG_ID) {
            return "the gang id has " + gang.length() + " characters; at most " + MAX_GANG_ID + " are allowed";
        }
        for (int i = 0; i < gang.length(); i++) {
            char c = gang.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-'
                    || c == '_' || c == ':' || c == '#')) {
                return "the gang id holds '" + c + "' at " + i + "; ids use letters, digits and . - _ : #";
            }
        }
        return null;
    }

    /** Why {@code members} cannot form a gang, or null when they can. */
    public static String badMembers(List<NodeId> members) {
        if (members == null || members.isEmpty()) {
            return "the gang has no members";
        }
        if (members.size() > MAX_MEMBERS) {
            return "the gang has " + members.size() + " members; at most " + MAX_MEMBERS + " are allowed";
        }
        Set<NodeId> seen = new HashSet<>();
        for (NodeId m : members) {
            if (m == null) {
                return "the gang names a null member";
            }
            if (!seen.add(m)) {
                return "the gang names member " + m.shortName() + " twice";
            }
        }
        return null;
    }

    /** Why {@code p}, arriving at {@code self}, cannot be held for, or null when it can. */
    static String badPrepare(ClaimPrepare p, NodeId self) {
        String bad = badGangId(p.gang());
        if (bad != null) {
            return bad;
        }
        if (p.attempt() < 1) {
            return "attempt " + p.attempt() + " of gang " + p.gang() + " is not a positive number";
        }
        if (p.leaseMillis() < MIN_LEASE_MILLIS || p.leaseMillis() > MAX_LEASE_MILLIS) {
            return "a lease of " + p.leaseMillis() + " ms for gang " + p.gang() + " is outside " + MIN_LEASE_MILLIS
                    + ".." + MAX_LEASE_MILLIS + " ms";
        }
        if (p.priority() < 0) {
            return "gang " + p.gang() + " has a negative priority " + p.priority();
        }
        bad = p.members() == null ? "the gang has no members" : badMembers(Arrays.asList(p.members()));
        if (bad != null) {
            return bad + " (gang " + p.gang() + ")";
        }
        if (!Arrays.asList(p.members()).contains(self)) {
            return "gang " + p.gang() + " does not name this node " + self.shortName() + " as a member";
        }
        return null;
    }
}
