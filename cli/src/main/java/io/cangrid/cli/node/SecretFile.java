package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.live.CredentialException;
import io.cangrid.live.GridSecret;
import io.cangrid.live.KeyFile;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the grid's secret lives and how it is read: {@code --secret-file}, else
 * {@code $CANGRID_SECRET_FILE}, else {@code ~/.config/cangrid/secret}. A file others can read is refused
 * (the secret is the grid's only key); a node starting a new grid creates a missing one.
 */
public final class SecretFile {

    public static final String ENV = "CANGRID_SECRET_FILE";
    static final int NEW_SECRET_BYTES = 32;
    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node");

    private SecretFile() {
    }

    public static Path resolve(Path option) {
        if (option != null) {
            return option;
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".config", "cangrid", "secret");
    }

    /** Reads the secret, creating it first when {@code createIfMissing} and there is none. */
    public static GridSecret load(Path file, boolean createIfMissing) {
        if (!Files.exists(file)) {
            if (!createIfMissing) {
                throw new UserError("no grid secret at " + file + ": copy the grid's secret file there, or name it"
                        + " with --secret-file or $" + ENV);
            }
            create(file);
        }
        checkPrivate(file);
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length < GridSecret.MIN_BYTES) {
                throw new UserError("grid secret " + file + " holds " + bytes.length + " bytes; it needs at least "
                        + GridSecret.MIN_BYTES);
            }
            return new GridSecret(bytes);
        } catch (IOException e) {
            throw new UserError("cannot read grid secret " + file + ": " + e.getMessage(), e);
        }
    }

    private static void create(Path file) {
        byte[] secret = new byte[NEW_SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            boolean posix = Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null;
            if (posix) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } else {
                Files.createFile(file);
            }
            Files.write(file, secret);
            log.info("created a new grid secret at {}; copy it (owner-only) to every node and client of this grid",
                    file);
        } catch (FileAlreadyExistsException e) {
            log.debug("secret {} appeared meanwhile", file);
        } catch (IOException e) {
            throw new UserError("cannot create grid secret " + file + ": " + e.getMessage(), e);
        }
    }

    private static void checkPrivate(Path file) {
        try {
            KeyFile.checkPrivate(file);
        } catch (CredentialException e) {
            throw new UserError("grid secret " + e.getMessage(), e);
        }
    }
}
