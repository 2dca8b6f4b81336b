package io.cangrid.live;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.wire.MessageCodec;
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
    private byte[] claimedKey;

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
     * Runs the initiator's half of the handshake as a client with a key of its own, under {@code admission};
     * whatever the node proves, our proof is sent, so a node can be shown a wrong secret or token. Returns
     * whether the node's proof checked out.
     */
    public boolean handshake(Admission admission, String grid) throws IOException {
        return handshake(admission, grid, NodeKey.generate(), null, 0);
    }

    /**
     * The same as {@link #handshake(Admission, String)}, with {@code key} and, when {@code host} is not null,
     * an address: the hello of a node.
     */
    public boolean handshake(Admission admission, String grid, NodeKey key, String host, int port) throws IOException {
        byte[] nonce = new byte[Hello.NONCE_BYTES];
        new SecureRandom().nextBytes(nonce);
        long incarnation = new SecureRandom().nextLong();
        long id = NodeKey.nodeId(key.publicKey(), incarnation);
        Hello mine = claimedKey == null
                ? Hello.of(grid, nonce, key, incarnation, host == null ? NodeId.of(id) : new NodeId(id, host, port))
                : new Hello(Hello.PROTOCOL_VERSION, grid, nonce, claimedKey, incarnation, host, port);
        byte[] mineBytes = mine.encode();
        sendFrame(mineBytes);
        byte[] theirsBytes = readFrame();
        byte[] theirProofBytes = readFrame();
        Hello theirs;
        HandshakeProof theirProof;
        byte[] agreed;
        try {
            theirs = Hello.decode(theirsBytes);
            theirProof = HandshakeProof.decode(theirProofBytes);
            agreed = new StaticAgreements(key).with(theirs.key());
        } catch (ConnectionRejected e) {
            throw new IOException(e.getMessage());
        }
        boolean ok = SessionKeys.matches(SessionKeys.keyProof(agreed, false, mineBytes, theirsBytes,
                theirProof.credential()), theirProof.keyProof());
        byte[] credential;
        if (admission instanceof GridSecret secret) {
            ok &= SessionKeys.matches(SessionKeys.secretProof(secret, false, mineBytes, theirsBytes),
                    theirProof.credential());
            credential = SessionKeys.secretProof(secret, true, mineBytes, theirsBytes);
        } else {
            credential = ((AdmissionToken) admission).encode();
        }
        byte[] keyProof = SessionKeys.keyProof(agreed, true, mineBytes, theirsBytes, credential);
        sendFrame(new HandshakeProof(admission.kind(), credential, keyProof).encode());
        seal = new FrameSeal(SessionKeys.frameKey(admission, agreed, mine, theirs, true));
        unseal = new FrameSeal(SessionKeys.frameKey(admission, agreed, mine, theirs, false));
        return ok;
    }

    /** Sends {@code m} if the connection still takes it; false when the node already closed it. */
    public boolean trySend(Message m) {
        try {
            send(m);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Makes the next handshake's hello name {@code publicKey}, whatever key signs it: an impostor's hello. */
    public void claimKey(byte[] publicKey) {
        this.claimedKey = publicKey.clone();
    }

    /** Sends {@code m}, encoded and sealed, as the next frame of this authenticated connection. */
    public void send(Message m) throws IOException {
        sendFrame(seal(MessageCodec.discover(NetConfig.DEFAULT_MAX_FRAME_BYTES).encode(m)));
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
