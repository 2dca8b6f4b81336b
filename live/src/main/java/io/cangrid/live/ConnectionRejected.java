package io.cangrid.live;

/** Why a connection is being closed, in one line fit for the log; no stack trace is ever wanted. */
final class ConnectionRejected extends Exception {

    ConnectionRejected(String reason) {
        super(reason, null, false, false);
    }
}
