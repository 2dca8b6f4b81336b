package io.cangrid.coallocation;

/** A topology that names what does not exist or asks for what cannot be; the message names the edge or shape. */
public final class TopologyException extends IllegalArgumentException {
    public TopologyException(String message) {
        super(message);
    }
}
