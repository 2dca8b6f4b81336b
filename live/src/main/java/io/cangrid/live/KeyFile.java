package io.cangrid.live;

import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Set;

/**
 * A key pair kept in a file of its owner's only ({@code 0600}): a header line, the public key as commands
 * print it, and the PKCS#8 private key in base64. Made on first use; a file that others can read is
 * refused, since whoever reads it can act as its owner.
 */
public final class KeyFile {

    static final String HEADER = "cangrid ed25519 key v1";

    private KeyFile() {
    }

    /** The key in {@code file}, made and written there first when there is none. */
    public static NodeKey loadOrCreate(Path file) {
        if (!Files.exists(file)) {
            NodeKey key = NodeKey.generate();
            write(file, key);
            return key;
        }
        return load(file);
    }

    /** The key in {@code file}, which must exist, be private and be well formed. */
    public static NodeKey load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new CredentialException("no key at " + file);
        }
        checkPrivate(file);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new CredentialException("cannot read key " + file + ": " + e.getMessage(), e);
        }
        if (lines.size() < 3 || !lines.get(0).equals(HEADER)) {
            throw new CredentialException("key " + file + " is not a cangrid key file (first line should be '"
                    + HEADER + "'); move it away and a new key is made");
        }
        try {
            return NodeKey.decode(Base64.getDecoder().decode(lines.get(2).trim()), NodeKey.parseText(lines.get(1)));
        } catch (IllegalArgumentException e) {
            throw new CredentialException("key " + file + " is damaged (" + e.getMessage() + "); move it away and"
                    + " a new key is made", e);
        }
    }

    public static void write(Path file, NodeKey key) {
        String text = HEADER + "\n" + key.publicText() + "\n"
                + Base64.getEncoder().encodeToString(key.encodePrivate()) + "\n";
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                PrivateFiles.createDirectories(dir);
            }
            PrivateFiles.writeAtomically(file, text.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new CredentialException("cannot write key " + file + ": " + e.getMessage(), e);
        }
    }

    /** Refuses a file that anyone but its owner may read or write. */
    public static void checkPrivate(Path file) {
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        try {
            Set<PosixFilePermission> perms = view.readAttributes().permissions();
            for (PosixFilePermission p : perms) {
                if (p.name().startsWith("GROUP") || p.name().startsWith("OTHERS")) {
                    throw new CredentialException(file + " can be read by others ("
                            + PosixFilePermissions.toString(perms) + "); fix it with: chmod 600 " + file);
                }
            }
        } catch (IOException e) {
            throw new CredentialException("cannot check permissions of " + file + ": " + e.getMessage(), e);
        }
    }
}
