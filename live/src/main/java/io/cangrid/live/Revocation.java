package io.cangrid.live;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The grid's authority withdraws a key (every node and client holding it, in every life), one node id
 * (one life of one node) or one admission token (whoever presents it, whatever their key). Signed by the authority, so any member may carry it: nodes pass it on to their
 * neighbours, refuse the subject from then on, and keep it across restarts. Its text form is
 * {@code cgr1.} and the signed bytes in unpadded base64url.
 */
public record Revocation(Kind kind, byte[] subject, long issuedAt, byte[] authority, byte[] signature) {

    public enum Kind {
        KEY(NodeKey.PUBLIC_BYTES), NODE(Long.BYTES), TOKEN(AdmissionToken.ID_BYTES);

        final int subjectBytes;

        Kind(int subjectBytes) {
            this.subjectBytes = subjectBytes;
        }
    }

    private static final String PREFIX = "cgr1.";
    private static final int VERSION = 1;
    private static final byte[] LABEL = "cangrid revocation".getBytes(StandardCharsets.US_ASCII);
    static final int MAX_BYTES = 3 + NodeKey.PUBLIC_BYTES + 8 + NodeKey.PUBLIC_BYTES + NodeKey.SIGNATURE_BYTES;

    public static Revocation ofKey(NodeKey authority, byte[] key, Instant now) {
        return signed(authority, Kind.KEY, key, now);
    }

    public static Revocation ofNode(NodeKey authority, long nodeId, Instant now) {
        return signed(authority, Kind.NODE, ByteBuffer.allocate(Long.BYTES).putLong(nodeId).array(), now);
    }

    private static Revocation signed(NodeKey authority, Kind kind, byte[] subject, Instant now) {
        Revocation unsigned = new Revocation(kind, subject, now.getEpochSecond(), authority.publicKey(), new byte[0]);
        return new Revocation(kind, subject, unsigned.issuedAt, unsigned.authority,
                authority.sign(LABEL, unsigned.payload()));
    }

    public static Revocation ofToken(NodeKey authority, byte[] tokenId, Instant now) {
        return signed(authority, Kind.TOKEN, tokenId, now);
    }

    /** Whether this revocation withdraws {@code key}, the node {@code nodeId} or the token {@code tokenId}. */
    boolean covers(byte[] key, long nodeId, byte[] tokenId) {
        return switch (kind) {
            case KEY -> Arrays.equals(subject, key);
            case NODE -> ByteBuffer.wrap(subject).getLong() == nodeId;
            case TOKEN -> tokenId != null && Arrays.equals(subject, tokenId);
        };
    }

    public String subjectText() {
        return switch (kind) {
            case KEY -> "key " + NodeKey.text(subject);
            case NODE -> "node n" + HexFormat.of().formatHex(subject);
            case TOKEN -> "token " + HexFormat.of().formatHex(subject);
        };
    }

    byte[] payload() {
        ByteBuffer b = ByteBuffer.allocate(3 + subject.length + 8 + authority.length);
        b.put((byte) VERSION).put((byte) kind.ordinal()).put((byte) subject.length).put(subject).putLong(issuedAt)
                .put(authority);
        return b.array();
    }

    public byte[] encode() {
        return SignedText.join(payload(), signature);
    }

    public String text() {
        return SignedText.text(PREFIX, encode());
    }

    public static Revocation parse(String text) {
        return decode(SignedText.bytes(PREFIX, text, "revocation", "; copy it whole, as `cangrid grid revoke`"
                + " printed it"));
    }

    /**
     * Reads a revocation and checks its signature (not yet whose it is: see {@link Revocations}).
     *
     * @throws CredentialException saying what is wrong
     */
    public static Revocation decode(byte[] bytes) {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            if (b.get() != VERSION) {
                throw new CredentialException("revocation of an unknown version");
            }
            int k = b.get();
            if (k < 0 || k >= Kind.values().length) {
                throw new CredentialException("revocation of an unknown kind (" + k + ")");
            }
            Kind kind = Kind.values()[k];
            int n = b.get() & 0xff;
            if (n != kind.subjectBytes) {
                throw new CredentialException("revocation of a " + kind + " with a subject of " + n + " bytes");
            }
            byte[] subject = new byte[n];
            b.get(subject);
            long issued = b.getLong();
            byte[] authority = new byte[NodeKey.PUBLIC_BYTES];
            b.get(authority);
            byte[] signature = new byte[NodeKey.SIGNATURE_BYTES];
            b.get(signature);
            if (b.hasRemaining()) {
                throw new CredentialException("revocation has " + b.remaining() + " trailing byte(s)");
            }
            Revocation r = new Revocation(kind, subject, issued, authority, signature);
            if (!NodeKey.verify(authority, signature, LABEL, r.payload())) {
                throw new CredentialException("revocation's signature does not match its authority's key");
            }
            return r;
        } catch (BufferUnderflowException e) {
            throw new CredentialException("truncated revocation (" + bytes.length + " bytes)");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Revocation r && Arrays.equals(encode(), r.encode());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(signature);
    }

    @Override
    public String toString() {
        return "Revocation[" + subjectText() + "]";
    }
}
