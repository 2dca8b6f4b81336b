package io.cangrid.load.push;

/**
 * Which node count the stopping rule's A is (Eq. 4): the nodes above the pushing node along the target
 * dimension, as section 5 reconstructs it, or the nodes at and above the target neighbour.
 *
 * <p>Why the second: in a skewed space the overlap-weighted count above a zone along a real dimension is
 * mostly below 1, so {@code (1/log2(1+A))^SF} is 1 whatever SF is, and the stopping factor, the one thing
 * CAN-P1, P2 and P3 differ in, changes nothing. The count at and above the target is at least the target's
 * own 1, so SF always acts: with two nodes or more there, a higher SF pushes further.
 */
public enum StopCount {

    /** {@code AggrInfo#_d(X)} of the pushing node X, section 5 as reconstructed. */
    HERE("here") {
        @Override
        double of(PushTarget target) {
            return target.nodesAboveHere();
        }
    },
    /** {@code Info + AggrInfo#_d(M)} of the target neighbour M: the n of the push objective. */
    TARGET("target") {
        @Override
        double of(PushTarget target) {
            return target.nodes();
        }
    };

    private final String policyName;

    StopCount(String policyName) {
        this.policyName = policyName;
    }

    abstract double of(PushTarget target);

    public String policyName() {
        return policyName;
    }

    public static StopCount parse(String name) {
        return PolicyNames.parse("stop count", name, values(), StopCount::policyName);
    }
}
