package io.cangrid.cli.dashboard;

import io.cangrid.live.Admission;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The dashboard's access token: HMAC-SHA256 of a fixed label under the grid's secret (or the node's admission
 * token), in hex. Whoever holds the secret (or that token) can compute it (the demo prints the URL of a node it started), and the token can be shown in a
 * log or a URL without giving the secret away.
 */
public record DashboardToken(String hex) {

    static final String LABEL = "cangrid dashboard token";

    public static DashboardToken of(Admission admission) {
        return new DashboardToken(HexFormat.of().formatHex(admission.derive(LABEL)));
    }

    /** Whether {@code candidate} is this token, compared in constant time. */
    boolean matches(String candidate) {
        return candidate != null && MessageDigest.isEqual(hex.getBytes(StandardCharsets.US_ASCII),
                candidate.trim().getBytes(StandardCharsets.US_ASCII));
    }

    /** The page's address on a dashboard listening at {@code host:port}, token included. */
    public String url(String host, int port) {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/?token=" + hex;
    }

    @Override
    public String toString() {
        return "DashboardToken[" + hex.length() + " hex digits]";
    }
}
