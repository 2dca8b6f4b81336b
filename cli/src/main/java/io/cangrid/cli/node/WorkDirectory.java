package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;

/**
 * A node's work directory: its jobs, results and runs, none of which anyone else on the machine may read. It is
 * made {@code 0700}; a directory others share (world-writable, like {@code /tmp}) or that belongs to another
 * user is refused rather than taken over, and so is one another node process is using (a lock).
 */
final class WorkDirectory {

    static final String LOCK = "lock";
    /** Locks held for the life of the process (a lock whose channel is collected would be released). */
    private static final List<FileLock> HELD = new CopyOnWriteArrayList<>();

    private WorkDirectory() {
    }

    static Path prepare(Path dir) {
        try {
            // On a file system without POSIX permissions (none that a node runs on here) there is nothing to check.
            if (Files.isDirectory(dir) && Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null) {
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
            PrivateFiles.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError("cannot make work directory " + dir + ": " + e.getMessage(), e);
        }
        lock(dir);
        return dir;
    }

    /**
     * Takes the directory for this process: two nodes on one work directory would share and overwrite each
     * other's address, jobs and results. The lock is the operating system's (released however the process
     * ends); the file names the process holding it, for the error the next one gives.
     */
    private static void lock(Path dir) {
        Path file = dir.resolve(LOCK);
        try {
            FileChannel ch = FileChannel.open(file, java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE), java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                            PrivateFiles.FILE));
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this very process holds it already
            }
            if (lock == null) {
                String holder = new String(Files.readAllBytes(file), StandardCharsets.US_ASCII).trim();
                ch.close();
                throw new UserError("work directory " + dir + " is in use by another node (pid "
                        + (holder.isEmpty() ? "unknown" : holder) + "): give each node its own --workdir");
            }
            ch.truncate(0);
            ch.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)));
            ch.force(false);
            HELD.add(lock);
        } catch (IOException e) {
            throw new UserError("cannot lock work directory " + dir + ": " + e.getMessage(), e);
        }
    }
}
