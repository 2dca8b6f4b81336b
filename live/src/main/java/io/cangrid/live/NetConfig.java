package io.cangrid.live;

import io.netty.handler.ssl.SslContext;
import java.util.Objects;

/**
 * Settings of the live runtime, with named defaults. The grid name and the admission (a shared secret or
 * a token) decide who may talk to whom; the rest bounds what one connection or one peer may cost.
 *
 * @param grid                 the grid's name; a peer of another grid is refused in the handshake
 * @param admission            how this side shows it belongs to the grid: the grid's shared secret or its
 *                             own admission token
 * @param maxFrameBytes        the largest frame accepted or sent (length prefix excluded)
 * @param maxHandshakeFrameBytes the largest frame accepted before the handshake is done: enough for a
 *                             hello, so that a stranger cannot make a node buffer more than this
 *                             on a connection
 * @param handshakeMillis      a connection not authenticated within this long is closed
 * @param idleMillis           a connection with no traffic either way for this long is closed
 * @param connectMillis        connect timeout
 * @param backoffMinMillis     first wait before reconnecting to a peer that could not be reached
 * @param backoffMaxMillis     the wait doubles up to this
 * @param maxConnections       connections one node keeps open at most (least recently used go first)
 * @param maxHandshakes        connections a node's grid port holds in their handshake at most; more are
 *                             closed at once
 * @param maxHandshakesPerAddress the same, per source address: one host cannot take every slot
 * @param maxPendingPerPeer    messages held for a peer while its connection is being set up
 * @param leaveGraceMillis     how long a leaving node waits for connections still being set up
 * @param serverTls            TLS for accepted connections, or null
 * @param clientTls            TLS for connections this side opens, or null
 */
public record NetConfig(String grid, Admission admission, int maxFrameBytes, int maxHandshakeFrameBytes,
        long handshakeMillis, long idleMillis, long connectMillis, long backoffMinMillis, long backoffMaxMillis,
        int maxConnections, int maxHandshakes, int maxHandshakesPerAddress, int maxPendingPerPeer,
        long leaveGraceMillis, SslContext serverTls, SslContext clientTls) {

    public static final String DEFAULT_GRID = "cangrid";
    public static final int DEFAULT_MAX_FRAME_BYTES = 1 << 20;
    /** A hello takes at most 596 bytes (both its texts at their longest), a proof at most 454 (with a token). */
    public static final int DEFAULT_MAX_HANDSHAKE_FRAME_BYTES = 1024;
    public static final long DEFAULT_HANDSHAKE_MILLIS = 5_000;
    public static final long DEFAULT_IDLE_MILLIS = 120_000;
    public static final long DEFAULT_CONNECT_MILLIS = 3_000;
    public static final long DEFAULT_BACKOFF_MIN_MILLIS = 200;
    public static final long DEFAULT_BACKOFF_MAX_MILLIS = 10_000;
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;
    public static final int DEFAULT_MAX_HANDSHAKES = 256;
    public static final int DEFAULT_MAX_HANDSHAKES_PER_ADDRESS = 32;
    public static final int DEFAULT_MAX_PENDING_PER_PEER = 512;
    public static final long DEFAULT_LEAVE_GRACE_MILLIS = 3_000;

    public NetConfig {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(admission, "admission");
        if (admission instanceof AdmissionToken t && !t.grid().equals(grid)) {
            throw new IllegalArgumentException("the admission token is for grid '" + t.grid() + "', not '" + grid + "'");
        }
        if (grid.isEmpty() || grid.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > Hello.MAX_TEXT) {
            throw new IllegalArgumentException("grid name must have 1.." + Hello.MAX_TEXT + " bytes");
        }
        if (maxFrameBytes < 1024) {
            throw new IllegalArgumentException("max frame size must be at least 1024 bytes, was " + maxFrameBytes);
        }
        int handshakeFrame = Math.max(Hello.MAX_BYTES, HandshakeProof.MAX_BYTES);
        if (maxHandshakeFrameBytes < handshakeFrame || maxHandshakeFrameBytes > maxFrameBytes) {
            throw new IllegalArgumentException("max handshake frame size must hold a hello (" + handshakeFrame
                    + " bytes) and be at most the max frame size (" + maxFrameBytes + "), was "
                    + maxHandshakeFrameBytes);
        }
        if (handshakeMillis <= 0 || idleMillis <= 0 || connectMillis <= 0 || backoffMinMillis <= 0
                || backoffMaxMillis < backoffMinMillis || leaveGraceMillis < 0) {
            throw new IllegalArgumentException("timeouts must be positive and backoff min <= max");
        }
        if (maxConnections < 1 || maxPendingPerPeer < 1 || maxHandshakes < 1 || maxHandshakesPerAddress < 1) {
            throw new IllegalArgumentException("connection, handshake and pending limits must be at least 1");
        }
    }

    public static NetConfig of(String grid, Admission admission) {
        return new NetConfig(grid, admission, DEFAULT_MAX_FRAME_BYTES, DEFAULT_MAX_HANDSHAKE_FRAME_BYTES,
                DEFAULT_HANDSHAKE_MILLIS, DEFAULT_IDLE_MILLIS, DEFAULT_CONNECT_MILLIS, DEFAULT_BACKOFF_MIN_MILLIS,
                DEFAULT_BACKOFF_MAX_MILLIS, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HANDSHAKES,
                DEFAULT_MAX_HANDSHAKES_PER_ADDRESS, DEFAULT_MAX_PENDING_PER_PEER, DEFAULT_LEAVE_GRACE_MILLIS, null,
                null);
    }

    public NetConfig withMaxFrameBytes(int bytes) {
        return new NetConfig(grid, admission, bytes, maxHandshakeFrameBytes, handshakeMillis, idleMillis, connectMillis,
                backoffMinMillis, backoffMaxMillis, maxConnections, maxHandshakes, maxHandshakesPerAddress,
                maxPendingPerPeer, leaveGraceMillis, serverTls, clientTls);
    }

    /** The frame limit while a connection is unauthenticated; it must hold a hello. */
    public NetConfig withMaxHandshakeFrameBytes(int bytes) {
        return new NetConfig(grid, admission, maxFrameBytes, bytes, handshakeMillis, idleMillis, connectMillis,
                backoffMinMillis, backoffMaxMillis, maxConnections, maxHandshakes, maxHandshakesPerAddress,
                maxPendingPerPeer, leaveGraceMillis, serverTls, clientTls);
    }

    /** Connections the grid port holds in their handshake at most, from all addresses together. */
    public NetConfig withMaxHandshakes(int connections) {
        return new NetConfig(grid, admission, maxFrameBytes, maxHandshakeFrameBytes, handshakeMillis, idleMillis,
                connectMillis, backoffMinMillis, backoffMaxMillis, maxConnections, connections, maxHandshakesPerAddress,
                maxPendingPerPeer, leaveGraceMillis, serverTls, clientTls);
    }

    /** Connections the grid port holds in their handshake at most from one source address. */
    public NetConfig withMaxHandshakesPerAddress(int connections) {
        return new NetConfig(grid, admission, maxFrameBytes, maxHandshakeFrameBytes, handshakeMillis, idleMillis,
                connectMillis, backoffMinMillis, backoffMaxMillis, maxConnections, maxHandshakes, connections,
                maxPendingPerPeer, leaveGraceMillis, serverTls, clientTls);
    }

    public NetConfig withIdleMillis(long millis) {
        return new NetConfig(grid, admission, maxFrameBytes, maxHandshakeFrameBytes, handshakeMillis, millis,
                connectMillis, backoffMinMillis, backoffMaxMillis, maxConnections, maxHandshakes,
                maxHandshakesPerAddress, maxPendingPerPeer, leaveGraceMillis, serverTls, clientTls);
    }

    public NetConfig withHandshakeMillis(long millis) {
        return new NetConfig(grid, admission, maxFrameBytes, maxHandshakeFrameBytes, millis, idleMillis, connectMillis,
                backoffMinMillis, backoffMaxMillis, maxConnections, maxHandshakes, maxHandshakesPerAddress,
                maxPendingPerPeer, leaveGraceMillis, serverTls, clientTls);
    }

    public NetConfig withTls(SslContext server, SslContext client) {
        return new NetConfig(grid, admission, maxFrameBytes, maxHandshakeFrameBytes, handshakeMillis, idleMillis,
                connectMillis, backoffMinMillis, backoffMaxMillis, maxConnections, maxHandshakes,
                maxHandshakesPerAddress, maxPendingPerPeer, leaveGraceMillis, server, client);
    }

    /** The largest message body: a frame less its sequence number and MAC. */
    int maxBodyBytes() {
        return maxFrameBytes - FrameSeal.OVERHEAD;
    }
}
