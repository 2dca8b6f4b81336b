package io.cangrid.jobs;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the person who owns a desktop node's machine is using it now: while they are, the node's jobs are
 * suspended and it takes no new ones; after {@link OwnerPolicy#maxSuspensionMillis()} they are vacated (see
 * {@link JobAgent#watchOwner}).
 */
@FunctionalInterface
public interface OwnerPresence {

    boolean active();

    /**
     * The owner is active while {@code file} exists: a source a script, a screen locker's hook, a test or a
     * demo can drive.
     *
     * @throws IllegalArgumentException when the file's directory does not exist, so the file could never appear
     */
    static OwnerPresence whileFileExists(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("owner activity file " + file + ": its directory " + parent
                    + " does not exist; name a file in an existing directory (the owner is active while it exists)");
        }
        return () -> Files.exists(file);
    }
}
