package io.cangrid.live;

import io.cangrid.overlay.ClientRequest;
import io.cangrid.overlay.Message;
import java.util.Locale;

/**
 * What the holder of an admission token may do. Only a node may join the overlay and send it messages; a
 * submitting client may submit, cancel and ask; a reading client (a dashboard, monitoring) may only ask.
 */
public enum Role {
    NODE, SUBMIT, READ;

    /** Whether a peer of this role may send {@code m} to a node. */
    public boolean maySend(Message m) {
        if (this == NODE) {
            return true;
        }
        if (!(m instanceof ClientRequest request)) {
            return false;
        }
        return this == SUBMIT || request.access() == ClientRequest.Access.READ;
    }

    /** Whether a token of this role may do what {@code needed} may: a node's may do all, a submitter's may read. */
    public boolean covers(Role needed) {
        return ordinal() <= needed.ordinal();
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the roles there are */
    public static Role parse(String text) {
        for (Role r : values()) {
            if (r.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a role: node, submit or read");
    }
}
