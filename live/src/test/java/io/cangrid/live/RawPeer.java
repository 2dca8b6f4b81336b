package io.cangrid.live;

import io.cangrid.overlay.NodeId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;

/**
 * A hand-driven peer on a plain blocking socket, for tests that send a node what no honest peer would:
 * garbage, broken frames, forged or replayed frames, a handshake under the wrong secret.
 */
public final class RawPeer implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private FrameSeal seal;
    private FrameSeal unseal;

    private RawPeer(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = new DataOutputStream(socket.getOutputStream());
    }

    public static RawPeer connect(String host, int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(host, port), 3_000);
        s.setSoTimeout(10_000);
        return new RawPeer(s);
    }

    public void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    public void sendFrame(byte[] body) throws IOException {
        out.writeInt(body.length);
        out.write(body);
        out.flush();
    }

    /** Ends our side of the connection: whatever frame was half sent stays truncated. */
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    /**
     * Runs the initiator's half of the handshake under {@code secret}; whatever the node proves, our
     * proof is sent, so a node can be shown a wrong secret. Returns whether the node's proof checked out.
     */
    public boolean handshake(GridSecret secret, String grid) throws IOException {
        byte[] nonce = new byte[Hello.NONCE_BYTES];
        new SecureRandom().nextBytes(nonce);
        Hello mine = new Hello(Hello.PROTOCOL_VERSION, grid, nonce, NodeId.of(new SecureRandom().nextLong()));
        byte[] mineBytes = mine.encode();
        sendFrame(mineBytes);
        byte[] theirsBytes = readFrame();
        byte[] theirProof = readFrame();
        Hello theirs;
        try {
            theirs = Hello.decode(theirsBytes);
        } catch (ConnectionRejected e) {
            throw new IOException(e.getMessage());
        }
        boolean ok = SessionKeys.proofMatches(SessionKeys.proof(secret, false, mineBytes, theirsBytes), theirProof);
        sendFrame(SessionKeys.proof(secret, true, mineBytes, theirsBytes));
        seal = new FrameSeal(SessionKeys.frameKey(secret, mine, theirs, true));
        unseal = new FrameSeal(SessionKeys.frameKey(secret, mine, theirs, false));
        return ok;
    }

    /** {@code body} sealed as the next frame of this connection (sequence number and MAC), not sent. */
    public byte[] seal(byte[] body) {
        ByteBuf b = seal.seal(UnpooledByteBufAllocator.DEFAULT, body);
        try {
            return ByteBufUtil.getBytes(b);
        } finally {
            b.release();
        }
    }

    /** The body of {@code frame}, the node's next frame on this connection, once its MAC checks out. */
    public byte[] open(byte[] frame) throws IOException {
        try {
            return unseal.open(Unpooled.wrappedBuffer(frame));
        } catch (ConnectionRejected e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    public byte[] readFrame() throws IOException {
        int n = in.readInt();
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    /** Whether the node closes the connection within {@code millis}; frames it sends meanwhile are skipped. */
    public boolean closedByNode(long millis) throws IOException {
        socket.setSoTimeout((int) millis);
        try {
            byte[] buf = new byte[4096];
            long deadline = System.currentTimeMillis() + millis;
            while (System.currentTimeMillis() < deadline) {
                if (in.read(buf) < 0) {
                    return true;
                }
            }
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the node
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
