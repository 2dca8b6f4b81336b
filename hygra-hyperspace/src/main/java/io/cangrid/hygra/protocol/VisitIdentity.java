package io.cangrid.hygra.protocol;

/** When a request counts a node as already visited. */
public enum VisitIdentity {
    /** Once visited, always visited. */
    BY_ID,
    /** A visited node whose coordinates have changed since counts as new: its links may have changed too. */
    BY_COORDINATES
}
