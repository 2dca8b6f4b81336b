package io.cangrid.overlay;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files and directories only the node's user may read: a node's work directory holds jobs, results and run
 * directories of other people's work, so it is {@code 0700} and what it writes {@code 0600}, whatever the
 * umask. On a file system without POSIX permissions the files are made as usual.
 */
public final class PrivateFiles {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    public static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<StandardOpenOption> NEW_FILE = Set.of(StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);

    private PrivateFiles() {
    }

    /** Makes {@code dir} and its missing parents {@code 0700}; an existing {@code dir} is made {@code 0700} too. */
    public static Path createDirectories(Path dir) throws IOException {
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            createDirectories(parent);
        }
        if (!Files.isDirectory(dir)) {
            try {
                Files.createDirectory(dir, attributes(DIRECTORY));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (!Files.isDirectory(dir)) {
                    throw e;
                }
            }
        }
        restrict(dir, DIRECTORY);
        return dir;
    }

    /** Makes the directory {@code dir}, {@code 0700}; it must not exist. */
    public static Path createDirectory(Path dir) throws IOException {
        Files.createDirectory(dir, attributes(DIRECTORY));
        restrict(dir, DIRECTORY);
        return dir;
    }

    /** Writes {@code bytes} to a new or truncated {@code 0600} file. */
    public static void write(Path file, byte[] bytes) throws IOException {
        if (!Files.exists(file)) {
            Files.createFile(file, attributes(FILE));
        }
        restrict(file, FILE);
        Files.write(file, bytes, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /**
     * Writes {@code bytes} to {@code file} at once: a private temporary file beside it, then a rename. The
     * temporary file is made new, {@code 0600} from its creation, in one call: a node's job store writes
     * several files a job, and every extra call on a file's metadata is a journal entry of the disk.
     */
    public static void writeAtomically(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            writeNew(tmp, bytes);
        } catch (FileAlreadyExistsException e) {
            // Left by a write the process did not finish: its content is nothing to keep.
            Files.delete(tmp);
            writeNew(tmp, bytes);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void writeNew(Path file, byte[] bytes) throws IOException {
        try (SeekableByteChannel out = Files.newByteChannel(file, NEW_FILE, attributes(FILE))) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                out.write(buf);
            }
        }
    }

    private static void restrict(Path p, Set<PosixFilePermission> perms) throws IOException {
        if (POSIX) {
            Files.setPosixFilePermissions(p, perms);
        }
    }

    private static FileAttribute<?>[] attributes(Set<PosixFilePermission> perms) {
        return POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(perms)} : new FileAttribute<?>[0];
    }
}
