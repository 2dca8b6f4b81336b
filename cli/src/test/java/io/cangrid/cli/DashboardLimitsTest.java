package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.dashboard.DashboardLimits;
import io.cangrid.cli.dashboard.DashboardServer;
import io.cangrid.cli.common.HostPort;
import io.cangrid.live.GridSecret;
import io.cangrid.live.NetConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a client, with or without the token, may hold of a dashboard: idle connections and trickled
 * requests are closed, connections beyond the cap are closed at once while those within are served, a
 * request without the token is answered 401 before its body is read, and pipelined requests are answered
 * in order, a bounded number at a time. The dashboard here serves in this JVM for a "node" that takes
 * connections and never answers, so that an API call is slow (it ends 502 after the handshake timeout)
 * and nothing else depends on a grid.
 */
class DashboardLimitsTest {

    /** How long an API call to the silent node takes: its handshake timeout. */
    private static final long SLOW_API_MILLIS = 1_000;
    /** Longer than anything here should take, so that a test without its defence fails rather than hangs. */
    private static final int SOCKET_TIMEOUT_MILLIS = 6_000;

    private ServerSocket silentNode;
    private DashboardServer dashboard;
    private final List<Socket> sockets = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        if (dashboard != null) {
            dashboard.close();
        }
        if (silentNode != null) {
            silentNode.close();
        }
    }

    private void start(DashboardLimits limits) throws IOException {
        silentNode = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        byte[] secret = new byte[32];
        new SplittableRandom(7).nextBytes(secret);
        NetConfig net = NetConfig.of(NetConfig.DEFAULT_GRID, new GridSecret(secret)).withHandshakeMillis(SLOW_API_MILLIS);
        // The chart's sampler would ask the silent node too: once an hour keeps it out of the way.
        dashboard = DashboardServer.start(new HostPort("127.0.0.1", 0), net,
                new HostPort("127.0.0.1", silentNode.getLocalPort()), 3_600_000, limits);
    }

    @Test
    void anIdleConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        start(DashboardLimits.DEFAULTS.withIdleMillis(500));
        Socket s = connect();
        long t0 = System.nanoTime();
        assertThat(s.getInputStream().read()).as("end of stream on an idle connection").isEqualTo(-1);
        assertThat(millisSince(t0)).isBetween(400L, 3_000L);

        // A connection in use is not idle: two requests 300 ms apart, each within the timeout of the last.
        Socket busy = connect();
        for (int i = 0; i < 3; i++) {
            Thread.sleep(300);
            write(busy, get("/api/history", "Authorization: Bearer " + token()));
            assertThat(readAnswer(busy.getInputStream()).status()).isEqualTo(200);
        }
    }

    @Test
    void aRequestTrickledSlowerThanTheRequestTimeoutIsClosed() throws Exception {
        start(DashboardLimits.DEFAULTS.withIdleMillis(5_000).withRequestMillis(800));
        Socket s = connect();
        OutputStream out = s.getOutputStream();
        long t0 = System.nanoTime();
        boolean closed = false;
        try {
            // Never idle: a header byte every 100 ms, and the request never ends.
            out.write("GET / HTTP/1.1\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
            while (millisSince(t0) < SOCKET_TIMEOUT_MILLIS) {
                out.write('a');
                out.flush();
                Thread.sleep(100);
            }
        } catch (SocketException e) {
            closed = true; // writing to a connection the dashboard closed
        }
        assertThat(closed).as("the dashboard closed the connection").isTrue();
        assertThat(millisSince(t0)).isBetween(700L, 3_000L);
    }

    @Test
    void connectionsBeyondTheCapAreClosedAtOnceAndThoseWithinAreServed() throws Exception {
        int cap = 4;
        start(DashboardLimits.DEFAULTS.withMaxConnections(cap));
        List<Socket> within = new ArrayList<>();
        for (int i = 0; i < cap; i++) {
            within.add(connect());
        }
        // The dashboard takes connections in the order they came: these are the ones beyond the cap.
        for (int i = 0; i < 3; i++) {
            Socket extra = connect();
            long t0 = System.nanoTime();
            assertThat(endOfStream(extra)).as("connection %d beyond the cap closed", i).isTrue();
            assertThat(millisSince(t0)).isLessThan(1_000L);
        }
        assertThat(dashboard.refusedConnections()).isEqualTo(3);

        Socket first = within.get(0);
        write(first, get("/?token=" + token()));
        Answer page = readAnswer(first.getInputStream());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("<svg id=\"zones\"");

        // A place freed is taken again.
        within.get(1).close();
        Answer later = null;
        for (int attempt = 0; attempt < 20 && later == null; attempt++) {
            Socket s = connect();
            write(s, get("/api/history", "Authorization: Bearer " + token()));
            later = readAnswerOrNull(s.getInputStream());
            if (later == null) {
                Thread.sleep(50);
            }
        }
        assertThat(later).as("an answer on a connection opened after one closed").isNotNull();
        assertThat(later.status()).isEqualTo(200);
    }

    @Test
    void aRequestWithoutTheTokenIsRefusedBeforeItsBodyIsRead() throws Exception {
        start(DashboardLimits.DEFAULTS);
        Socket s = connect();
        long t0 = System.nanoTime();
        write(s, "POST /api/nodes HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n");
        Answer a = readAnswer(s.getInputStream());
        assertThat(a.status()).isEqualTo(401);
        assertThat(a.body()).contains("token");
        assertThat(endOfStream(s)).as("connection closed after the 401").isTrue();
        assertThat(millisSince(t0)).isLessThan(1_000L);

        // With the token, a GET may not bring a body either, beyond a few bytes.
        Socket get = connect();
        write(get, "GET /api/history HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token()
                + "\r\nContent-Length: 60000\r\n\r\n");
        Answer tooLarge = readAnswer(get.getInputStream());
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(endOfStream(get)).isTrue();
    }

    @Test
    void pipelinedRequestsAreAnsweredInTheOrderTheyCame() throws Exception {
        start(DashboardLimits.DEFAULTS);
        Socket s = connect();
        String bearer = "Authorization: Bearer " + token();
        long t0 = System.nanoTime();
        write(s, get("/api/jobs", bearer) + get("/dashboard.css", bearer, "Connection: close"));
        InputStream in = s.getInputStream();
        Answer first = readAnswer(in);
        assertThat(first.contentType()).as("first answer's type (status %d)", first.status())
                .startsWith("application/json");
        assertThat(first.status()).isEqualTo(502);
        assertThat(millisSince(t0)).as("the first call was slow").isGreaterThanOrEqualTo(SLOW_API_MILLIS / 2);
        Answer second = readAnswer(in);
        assertThat(second.contentType()).as("second answer's type (status %d)", second.status())
                .startsWith("text/css");
        assertThat(second.status()).isEqualTo(200);
        assertThat(endOfStream(s)).isTrue();
    }

    @Test
    void requestsBeyondThePipelineBoundEndTheConnectionInTurn() throws Exception {
        start(DashboardLimits.DEFAULTS.withMaxPipelined(2));
        Socket s = connect();
        String bearer = "Authorization: Bearer " + token();
        write(s, get("/api/jobs", bearer) + get("/api/history", bearer) + get("/dashboard.css", bearer)
                + get("/dashboard.js", bearer));
        InputStream in = s.getInputStream();
        assertThat(readAnswer(in).status()).isEqualTo(502);
        assertThat(readAnswer(in).status()).isEqualTo(200);
        Answer over = readAnswer(in);
        assertThat(over.status()).isEqualTo(503);
        assertThat(over.body()).contains("more than 2 requests");
        assertThat(endOfStream(s)).as("nothing after the refusal").isTrue();
    }

    // --- plain HTTP over a socket, so that nothing between the test and the dashboard hides what it does

    /** One response: status, content type and body (read by its Content-Length). */
    record Answer(int status, String contentType, String body) {
    }

    private Socket connect() throws IOException {
        Socket s = new Socket("127.0.0.1", dashboard.address().getPort());
        s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
        sockets.add(s);
        return s;
    }

    private String token() {
        return URI.create(dashboard.url()).getQuery().substring("token=".length());
    }

    private static String get(String path, String... headers) {
        StringBuilder sb = new StringBuilder("GET ").append(path).append(" HTTP/1.1\r\nHost: x\r\n");
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        return sb.append("\r\n").toString();
    }

    private static void write(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    /** Whether the dashboard ended the connection (end of stream or reset) before the socket timeout. */
    private static boolean endOfStream(Socket s) throws IOException {
        try {
            return s.getInputStream().read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return e.getMessage() != null && e.getMessage().toLowerCase(Locale.ROOT).contains("reset");
        }
    }

    private static Answer readAnswerOrNull(InputStream in) throws IOException {
        try {
            return readAnswer(in);
        } catch (SocketException | EndOfStream e) {
            return null;
        }
    }

    private static Answer readAnswer(InputStream in) throws IOException {
        String head = readHead(in);
        String[] lines = head.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        int length = 0;
        String type = "";
        for (String line : lines) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
            } else if (lower.startsWith("content-type:")) {
                type = line.substring(line.indexOf(':') + 1).trim();
            }
        }
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new EndOfStream("the body ended after " + body.length + " of " + length + " bytes");
        }
        return new Answer(status, type, new String(body, StandardCharsets.UTF_8));
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new EndOfStream("the connection ended before a response head (" + head.size() + " bytes read: "
                        + head.toString(StandardCharsets.ISO_8859_1) + ")");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** The dashboard closed the connection where an answer was expected. */
    private static final class EndOfStream extends IOException {
        EndOfStream(String message) {
            super(message);
        }
    }
}
