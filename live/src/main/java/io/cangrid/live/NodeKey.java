package io.cangrid.live;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/**
 * An Ed25519 key pair of one node, one client or one grid authority, with the JDK's own implementation.
 * The public key travels as its 32 raw bytes (in hellos, tokens, revocations) and is shown as
 * {@code ed25519:} and those bytes in unpadded base64url. The private key never leaves this object except
 * in {@link #encodePrivate()} for its key file, and {@code toString} names only the public key.
 */
public final class NodeKey {

    public static final int PUBLIC_BYTES = 32;
    public static final int SIGNATURE_BYTES = 64;
    private static final String TEXT_PREFIX = "ed25519:";
    /** An X.509 SubjectPublicKeyInfo of an Ed25519 key is this fixed prefix and the 32 raw bytes. */
    private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private final PrivateKey privateKey;
    private final byte[] publicKey;

    private NodeKey(PrivateKey privateKey, byte[] publicKey) {
        this.privateKey = privateKey;
        this.publicKey = publicKey;
    }

    public static NodeKey generate() {
        try {
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            return new NodeKey(pair.getPrivate(), raw(pair.getPublic()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is not available in this JVM", e);
        }
    }

    /** A key from its PKCS#8 encoding and the public key kept beside it (checked to belong to it). */
    static NodeKey decode(byte[] pkcs8, byte[] publicKey) {
        try {
            PrivateKey key = KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            NodeKey k = new NodeKey(key, publicKey.clone());
            byte[] probe = "cangrid key check".getBytes(StandardCharsets.US_ASCII);
            if (!verify(publicKey, k.sign(probe), probe)) {
                throw new IllegalArgumentException("its public key does not belong to its private key");
            }
            return k;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an Ed25519 private key: " + e.getMessage(), e);
        }
    }

    /**
     * The key's secret scalar as an X25519 private key: the first half of SHA-512 over the Ed25519 seed, the
     * scalar Ed25519 itself signs with (X25519 clamps it alike). Its public half is the Montgomery form of
     * this key's public point ({@link #montgomery}), so two holders of Ed25519 keys agree a secret with
     * X25519 that only they can compute.
     */
    PrivateKey agreementKey() {
        try {
            byte[] seed = ((java.security.interfaces.EdECPrivateKey) privateKey).getBytes()
                    .orElseThrow(() -> new IllegalStateException("an Ed25519 key without its seed"));
            byte[] scalar = Arrays.copyOf(MessageDigest.getInstance("SHA-512").digest(seed), 32);
            return KeyFactory.getInstance("X25519").generatePrivate(new java.security.spec.XECPrivateKeySpec(
                    java.security.spec.NamedParameterSpec.X25519, scalar));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("X25519 is not available in this JVM", e);
        }
    }

    /**
     * The X25519 (Montgomery) form of an Ed25519 public key: u = (1 + y) / (1 - y) mod 2^255 - 19, the
     * birational map of RFC 7748 that takes Ed25519's base point to X25519's.
     *
     * @throws IllegalArgumentException for a key with no such form (y = 1, or y not below the prime)
     */
    static byte[] montgomery(byte[] edwardsPublic) {
        byte[] be = new byte[PUBLIC_BYTES];
        for (int i = 0; i < PUBLIC_BYTES; i++) {
            be[i] = edwardsPublic[PUBLIC_BYTES - 1 - i];
        }
        be[0] &= 0x7f; // the sign of x: the Montgomery form does not depend on it
        java.math.BigInteger y = new java.math.BigInteger(1, be);
        if (y.compareTo(FIELD) >= 0 || y.equals(java.math.BigInteger.ONE)) {
            throw new IllegalArgumentException("not a usable Ed25519 public key");
        }
        java.math.BigInteger u = java.math.BigInteger.ONE.add(y)
                .multiply(java.math.BigInteger.ONE.subtract(y).mod(FIELD).modInverse(FIELD)).mod(FIELD);
        byte[] out = new byte[PUBLIC_BYTES];
        byte[] ub = u.toByteArray();
        for (int i = 0; i < ub.length && i < PUBLIC_BYTES; i++) {
            out[i] = ub[ub.length - 1 - i];
        }
        return out;
    }

    private static final java.math.BigInteger FIELD = java.math.BigInteger.TWO.pow(255)
            .subtract(java.math.BigInteger.valueOf(19));

    byte[] encodePrivate() {
        return privateKey.getEncoded();
    }

    public byte[] publicKey() {
        return publicKey.clone();
    }

    /** The public key as {@code ed25519:BASE64URL}, the form commands print and accept. */
    public String publicText() {
        return text(publicKey);
    }

    /** A signature over {@code parts}, each preceded by its length so that no two splits sign alike. */
    public byte[] sign(byte[]... parts) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(privateKey);
            feed(s, parts);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with Ed25519: " + e.getMessage(), e);
        }
    }

    /** Whether {@code signature} is the holder of {@code publicKey}'s over {@code parts}. */
    public static boolean verify(byte[] publicKey, byte[] signature, byte[]... parts) {
        if (publicKey.length != PUBLIC_BYTES || signature.length != SIGNATURE_BYTES) {
            return false;
        }
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(publicKeyOf(publicKey));
            feed(s, parts);
            return s.verify(signature);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            // A point that is not on the curve and the like: the key or signature is simply not valid.
            return false;
        }
    }

    /**
     * The id of a node holding {@code publicKey} in one of its lives: the first 64 bits of SHA-256 over
     * both. An id cannot be used without the key; a restarted node takes a new id (a new incarnation), so
     * its neighbours never take it for its previous life, whose zones they take over.
     */
    public static long nodeId(byte[] publicKey, long incarnation) {
        MessageDigest sha = sha256();
        sha.update("cangrid node id".getBytes(StandardCharsets.US_ASCII));
        sha.update(publicKey);
        sha.update(ByteBuffer.allocate(Long.BYTES).putLong(incarnation).array());
        return ByteBuffer.wrap(sha.digest()).getLong();
    }

    /** A value derived from the private key for another use (a digest of a signature over {@code label}). */
    public byte[] derive(String label) {
        return sha256().digest(sign(label.getBytes(StandardCharsets.US_ASCII)));
    }

    public static String text(byte[] publicKey) {
        return TEXT_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(publicKey);
    }

    /**
     * Reads a public key written as {@code ed25519:BASE64URL} (the prefix may be left out).
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static byte[] parseText(String text) {
        String t = text.trim();
        String body = t.startsWith(TEXT_PREFIX) ? t.substring(TEXT_PREFIX.length()) : t;
        byte[] key;
        try {
            key = Base64.getUrlDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + abbreviate(t) + "' is not a public key (ed25519: and 43"
                    + " base64url characters, as `cangrid key` prints)");
        }
        if (key.length != PUBLIC_BYTES) {
            throw new IllegalArgumentException("'" + abbreviate(t) + "' holds " + key.length + " bytes; an Ed25519"
                    + " public key has " + PUBLIC_BYTES);
        }
        return key;
    }

    private static String abbreviate(String t) {
        return t.length() > 60 ? t.substring(0, 60) + "..." : t;
    }

    private static void feed(Signature s, byte[][] parts) throws GeneralSecurityException {
        for (byte[] p : parts) {
            s.update(ByteBuffer.allocate(Integer.BYTES).putInt(p.length).array());
            s.update(p);
        }
    }

    private static PublicKey publicKeyOf(byte[] raw) throws GeneralSecurityException {
        byte[] x509 = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + PUBLIC_BYTES);
        System.arraycopy(raw, 0, x509, X509_PREFIX.length, PUBLIC_BYTES);
        return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(x509));
    }

    private static byte[] raw(PublicKey key) {
        byte[] x509 = key.getEncoded();
        return Arrays.copyOfRange(x509, x509.length - PUBLIC_BYTES, x509.length);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available in this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "NodeKey[" + publicText() + "]";
    }
}
