package io.cangrid.cli.node;

import io.cangrid.cli.UserError;
import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;

/**
 * A node's work directory: its jobs, results and runs, none of which anyone else on the machine may read. It is
 * made {@code 0700}; a directory others share (world-writable, like {@code /tmp}) or that belongs to another
 * user is refused rather than taken over.
 */
final class WorkDirectory {

    private WorkDirectory() {
    }

    static Path prepare(Path dir) {
        try {
            if (Files.isDirectory(dir)) {
                PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class);
                if (a.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
                    throw new UserError("work directory " + dir + " is writable by everyone (a shared directory?):"
                            + " give the node a directory of its own, e.g. --workdir " + dir.resolve("cangrid-node"));
                }
                String me = System.getProperty("user.name");
                if (!a.owner().getName().equals(me)) {
                    throw new UserError("work directory " + dir + " belongs to " + a.owner().getName() + ", not to "
                            + me + ": give the node a directory of its own");
                }
            }
            return PrivateFiles.createDirectories(dir);
        } catch (UnsupportedOperationException e) {
            return dir; // no POSIX permissions on this file system: nothing more private to make it
        } catch (IOException e) {
            throw new UserError("cannot make work directory " + dir + ": " + e.getMessage(), e);
        }
    }
}
