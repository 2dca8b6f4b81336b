package io.cangrid.cli.dashboard;

/**
 * How much of a node a dashboard client may hold: the dashboard shares the node's process, so every
 * connection it keeps is a file descriptor the node's jobs, store and peers cannot have. A connection idle
 * for {@code idleMillis} is closed; so is one whose request (head and body) has not all come within
 * {@code requestMillis} of its first byte; at most {@code maxConnections} are open at once, and at most
 * {@code maxPipelined} requests wait for their answers on one connection.
 */
public record DashboardLimits(long idleMillis, long requestMillis, int maxConnections, int maxPipelined) {

    /** Longer than the page's 2 s poll, so an open page keeps its connection. */
    public static final long DEFAULT_IDLE_MILLIS = 30_000;
    /** A request is a few hundred bytes: even a slow link sends it well within this. */
    public static final long DEFAULT_REQUEST_MILLIS = 10_000;
    /** A few browsers with a few connections each; small beside any node's file limit. */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;
    /** Browsers do not pipeline; a client that does gets this many requests in flight. */
    public static final int DEFAULT_MAX_PIPELINED = 16;

    public static final DashboardLimits DEFAULTS = new DashboardLimits(DEFAULT_IDLE_MILLIS, DEFAULT_REQUEST_MILLIS,
            DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_PIPELINED);

    public DashboardLimits {
        if (idleMillis <= 0 || requestMillis <= 0 || maxConnections < 1 || maxPipelined < 1) {
            throw new IllegalArgumentException("dashboard limits must be positive: idle " + idleMillis
                    + " ms, request " + requestMillis + " ms, connections " + maxConnections + ", pipelined "
                    + maxPipelined);
        }
    }

    public DashboardLimits withIdleMillis(long millis) {
        return new DashboardLimits(millis, requestMillis, maxConnections, maxPipelined);
    }

    public DashboardLimits withRequestMillis(long millis) {
        return new DashboardLimits(idleMillis, millis, maxConnections, maxPipelined);
    }

    public DashboardLimits withMaxConnections(int connections) {
        return new DashboardLimits(idleMillis, requestMillis, connections, maxPipelined);
    }

    public DashboardLimits withMaxPipelined(int requests) {
        return new DashboardLimits(idleMillis, requestMillis, maxConnections, requests);
    }
}
