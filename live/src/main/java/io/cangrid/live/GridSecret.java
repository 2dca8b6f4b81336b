package io.cangrid.live;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret every node and client of one grid shares. It never leaves this object except as the key of
 * an HMAC, and its {@code toString} says nothing about it, so it cannot end up in a log by accident.
 */
public final class GridSecret implements Admission {

    static final int KIND = 1;

    /** Shorter secrets make the challenge-response guessable offline. */
    public static final int MIN_BYTES = 16;

    private final byte[] bytes;

    public GridSecret(byte[] bytes) {
        if (bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException("a grid secret needs at least " + MIN_BYTES + " bytes, got "
                    + bytes.length);
        }
        this.bytes = bytes.clone();
    }

    /** HMAC-SHA256 under the secret over {@code parts} in order. */
    byte[] mac(byte[]... parts) {
        return hmac(bytes, parts);
    }

    @Override
    public byte[] derive(String label) {
        return mac(label(label));
    }

    static byte[] hmac(byte[] key, byte[]... parts) {
        Mac mac = newMac(key);
        for (byte[] p : parts) {
            mac.update(p);
        }
        return mac.doFinal();
    }

    static Mac newMac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }

    static byte[] label(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public int kind() {
        return KIND;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GridSecret s && java.security.MessageDigest.isEqual(bytes, s.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "GridSecret[" + bytes.length + " bytes]";
    }
}
