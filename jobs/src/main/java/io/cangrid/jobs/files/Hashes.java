package io.cangrid.jobs.files;

import io.cangrid.jobs.FileRef;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** SHA-256 as chunks and files are named by it. */
public final class Hashes {

    private Hashes() {
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    public static byte[] of(byte[] data) {
        return sha256().digest(data);
    }

    public static boolean matches(byte[] hash, byte[] data) {
        return hash != null && hash.length == FileRef.HASH_BYTES && MessageDigest.isEqual(hash, of(data));
    }

    public static String hex(byte[] hash) {
        return HexFormat.of().formatHex(hash);
    }

    static boolean isHex(String name) {
        if (name.length() != 2 * FileRef.HASH_BYTES) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.digit(name.charAt(i), 16) < 0 || Character.isUpperCase(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The chunk hashes a manifest lists, checked against the file it describes.
     *
     * @throws BadChunkException when the manifest does not list exactly the file's chunks
     */
    public static List<byte[]> chunksOf(FileRef file, byte[] manifest) throws BadChunkException {
        if (!matches(file.manifest(), manifest)) {
            throw new BadChunkException("the manifest of " + file.name() + " does not match its SHA-256");
        }
        if (manifest.length != file.chunks() * FileRef.HASH_BYTES) {
            throw new BadChunkException("the manifest of " + file.name() + " lists " + manifest.length / FileRef.HASH_BYTES
                    + " chunks; a file of " + file.size() + " bytes has " + file.chunks());
        }
        List<byte[]> hashes = new ArrayList<>(file.chunks());
        for (int i = 0; i < file.chunks(); i++) {
            hashes.add(Arrays.copyOfRange(manifest, i * FileRef.HASH_BYTES, (i + 1) * FileRef.HASH_BYTES));
        }
        return hashes;
    }
}
