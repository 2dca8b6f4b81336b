package io.cangrid.overlay;

/**
 * A message a client (a person's command, a dashboard) may send to a node, and what it takes: a
 * {@link Access#READ} only asks, a {@link Access#SUBMIT} changes what the grid does (submits, cancels,
 * removes). A runtime that admits clients by role lets a client send these and nothing else.
 */
public interface ClientRequest extends Message {

    enum Access { READ, SUBMIT }

    default Access access() {
        return Access.READ;
    }
}
