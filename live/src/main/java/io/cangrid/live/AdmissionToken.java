package io.cangrid.live;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * An admission token: the grid's authority says that the holder (anyone presenting it, or only the holder
 * of {@code subject} when it names a key) may act in {@code role} in grid {@code grid} from
 * {@code issuedAt} until {@code expiresAt}, as {@code user} when it names one. It carries the authority's
 * public key and its signature, so a node checks it offline; a node trusts the authority of its own token.
 * Its text form is {@code cgt1.} and the signed bytes in unpadded base64url; it is kept in a file of its
 * holder's only. A token that names no user has the bytes of the first version, so tokens made before users
 * existed stay valid.
 *
 * @param expiresAt seconds since the epoch; {@link #NEVER} for a token that does not expire
 * @param subject   the public key the token is for, or an empty array for a bearer token
 * @param user      the user the holder acts as (a job's {@code Owner}), or the empty string
 */
public record AdmissionToken(String grid, Role role, byte[] id, long issuedAt, long expiresAt, byte[] subject,
        String user, byte[] authority, byte[] signature) implements Admission {

    static final int KIND = 2;
    public static final long NEVER = Long.MAX_VALUE;
    static final int ID_BYTES = 16;
    /** How far two machines' clocks may differ before a fresh token looks issued in the future. */
    public static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    private static final String PREFIX = "cgt1.";
    private static final int VERSION = 1;
    /** The version of a token that names a user. */
    private static final int VERSION_WITH_USER = 2;

    private static final byte[] LABEL = "cangrid admission token".getBytes(StandardCharsets.US_ASCII);
    /** Version, role, grid name at its longest, id, times, subject, authority, signature. */
    static final int MAX_BYTES = 1 + 1 + 1 + 255 + ID_BYTES + 16 + 1 + NodeKey.PUBLIC_BYTES + 1 + 64
            + NodeKey.PUBLIC_BYTES + NodeKey.SIGNATURE_BYTES;

    public AdmissionToken {
        if (user == null) {
            user = "";
        }
        if (!user.isEmpty()) {
            try {
                io.cangrid.overlay.UserName.check(user);
            } catch (IllegalArgumentException e) {
                throw new CredentialException("admission token's user: " + e.getMessage());
            }
        }
    }

    /** A token signed by {@code authority}. */
    static AdmissionToken issue(NodeKey authority, String grid, Role role, byte[] id, Instant issued,
            Duration validity, byte[] subject, String user) {
        long from = issued.getEpochSecond();
        long until = validity == null ? NEVER : from + validity.getSeconds();
        AdmissionToken unsigned = new AdmissionToken(grid, role, id, from, until, subject, user,
                authority.publicKey(), new byte[0]);
        return new AdmissionToken(grid, role, id, from, until, subject, user, authority.publicKey(),
                authority.sign(LABEL, unsigned.payload()));
    }

    /** The user the token names, or null. */
    public String userOrNull() {
        return user.isEmpty() ? null : user;
    }

    @Override
    public int kind() {
        return KIND;
    }

    @Override
    public byte[] derive(String label) {
        return GridSecret.hmac(encode(), GridSecret.label(label));
    }

    public boolean bound() {
        return subject.length > 0;
    }

    /** The token's id in hex, as revocations and logs name it. */
    public String idText() {
        return HexFormat.of().formatHex(id);
    }

    public String authorityText() {
        return NodeKey.text(authority);
    }

    byte[] payload() {
        byte[] g = grid.getBytes(StandardCharsets.UTF_8);
        byte[] u = user.getBytes(StandardCharsets.US_ASCII);
        int userBytes = u.length == 0 ? 0 : 1 + u.length;
        ByteBuffer b = ByteBuffer.allocate(3 + g.length + ID_BYTES + 16 + 1 + subject.length + userBytes
                + NodeKey.PUBLIC_BYTES);
        b.put((byte) (u.length == 0 ? VERSION : VERSION_WITH_USER)).put((byte) role.ordinal()).put((byte) g.length)
                .put(g).put(id).putLong(issuedAt).putLong(expiresAt).put((byte) subject.length).put(subject);
        if (u.length > 0) {
            b.put((byte) u.length).put(u);
        }
        return b.put(authority).array();
    }

    public byte[] encode() {
        return SignedText.join(payload(), signature);
    }

    public String text() {
        return SignedText.text(PREFIX, encode());
    }

    /**
     * Reads a token from its text form; its signature is checked too.
     *
     * @throws CredentialException saying what is wrong with it
     */
    public static AdmissionToken parse(String text) {
        return decode(SignedText.bytes(PREFIX, text, "admission token",
                "; copy it whole, or make a new one with `cangrid grid token`"));
    }

    /** Reads a token from its bytes, checking its signature. */
    static AdmissionToken decode(byte[] bytes) {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            int version = b.get();
            if (version != VERSION && version != VERSION_WITH_USER) {
                throw new CredentialException("admission token of unknown version " + version + " (malformed, or"
                        + " made by another cangrid; this one reads versions " + VERSION + " and " + VERSION_WITH_USER
                        + "): make a new one with `cangrid grid token`");
            }
            int r = b.get();
            if (r < 0 || r >= Role.values().length) {
                throw new CredentialException("admission token names an unknown role (" + r + ")");
            }
            byte[] g = new byte[b.get() & 0xff];
            b.get(g);
            byte[] id = new byte[ID_BYTES];
            b.get(id);
            long issued = b.getLong();
            long expires = b.getLong();
            int subjectBytes = b.get() & 0xff;
            if (subjectBytes != 0 && subjectBytes != NodeKey.PUBLIC_BYTES) {
                throw new CredentialException("admission token names a key of " + subjectBytes + " bytes");
            }
            byte[] subject = new byte[subjectBytes];
            b.get(subject);
            String user = "";
            if (version == VERSION_WITH_USER) {
                byte[] u = new byte[b.get() & 0xff];
                if (u.length == 0) {
                    throw new CredentialException("admission token of version " + VERSION_WITH_USER + " names no user");
                }
                b.get(u);
                user = new String(u, StandardCharsets.US_ASCII);
            }
            byte[] authority = new byte[NodeKey.PUBLIC_BYTES];
            b.get(authority);
            byte[] signature = new byte[NodeKey.SIGNATURE_BYTES];
            b.get(signature);
            if (b.hasRemaining()) {
                throw new CredentialException("admission token has " + b.remaining() + " trailing byte(s)");
            }
            AdmissionToken token = new AdmissionToken(new String(g, StandardCharsets.UTF_8), Role.values()[r], id,
                    issued, expires, subject, user, authority, signature);
            if (!NodeKey.verify(authority, signature, LABEL, token.payload())) {
                throw new CredentialException("admission token's signature does not match: it was altered or"
                        + " damaged; make a new one with `cangrid grid token`");
            }
            return token;
        } catch (BufferUnderflowException e) {
            throw new CredentialException("truncated admission token (" + bytes.length + " bytes); copy it whole");
        }
    }

    /**
     * Checks that the token admits its presenter to this grid now.
     *
     * @param trusted   the authority this side trusts (that of its own token)
     * @param presenter the public key the presenter proved it holds
     * @throws CredentialException naming the problem and what to do
     */
    void check(String expectedGrid, byte[] trusted, Instant now, byte[] presenter) {
        if (!Arrays.equals(authority, trusted)) {
            throw new CredentialException("token issued by authority " + authorityText() + ", this grid's is "
                    + NodeKey.text(trusted) + ": use a token of this grid's authority");
        }
        if (!grid.equals(expectedGrid)) {
            throw new CredentialException("token for grid '" + grid + "', this is grid '" + expectedGrid + "'");
        }
        checkTime(now);
        if (bound() && !Arrays.equals(subject, presenter)) {
            throw new CredentialException("token " + idText() + " is for key " + NodeKey.text(subject)
                    + ", presented by " + NodeKey.text(presenter));
        }
    }

    /** Checks the token's validity period against {@code now}, allowing {@link #CLOCK_SKEW}. */
    public void checkTime(Instant now) {
        long t = now.getEpochSecond();
        if (issuedAt > t + CLOCK_SKEW.getSeconds()) {
            throw new CredentialException("token " + idText() + " was issued " + (issuedAt - t) + " s after this"
                    + " machine's time: this machine's clock or the authority's is off; set it right (NTP)");
        }
        if (expiresAt != NEVER && t > expiresAt + CLOCK_SKEW.getSeconds()) {
            throw new CredentialException("token " + idText() + " expired at " + Instant.ofEpochSecond(expiresAt)
                    + "; ask the grid's authority for a new one (`cangrid grid token`)");
        }
    }

    /** What the token says, for logs and `cangrid grid token`'s output. */
    public String describe() {
        return role.label() + " token " + idText() + " for grid '" + grid + "'"
                + (bound() ? " and key " + NodeKey.text(subject) : " (for whoever holds it)")
                + (user.isEmpty() ? "" : ", user " + user)
                + (expiresAt == NEVER ? ", no expiry" : ", expires " + Instant.ofEpochSecond(expiresAt));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AdmissionToken t && Arrays.equals(encode(), t.encode());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(signature);
    }

    /** The token is a credential: its text is never shown, only what it says. */
    @Override
    public String toString() {
        return "AdmissionToken[" + describe() + "]";
    }
}
