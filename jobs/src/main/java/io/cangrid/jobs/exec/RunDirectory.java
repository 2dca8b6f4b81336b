package io.cangrid.jobs.exec;

import io.cangrid.overlay.PrivateFiles;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.InputFile;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's directory: private to the node ({@code 0700}), holding the job's own directory {@code work} (its
 * working directory, owned by the job user when there is one) and {@code pid}, which names the run's first
 * process for a restarted node to end. Removed without following any link the job made.
 */
final class RunDirectory {

    private static final Logger log = LoggerFactory.getLogger(RunDirectory.class);

    final Path dir;
    final Path work;

    RunDirectory(Path dir) {
        this.dir = dir;
        this.work = dir.resolve("work");
    }

    /**
     * Makes the directories and writes the inputs, the large ones put together from their chunks by
     * {@code files}, all owned by {@code user} when not null.
     */
    void create(List<InputFile> inputs, List<FileRef> large, RunFiles files, JobUser user) throws IOException {
        PrivateFiles.createDirectories(dir.getParent());
        PrivateFiles.createDirectory(dir);
        PrivateFiles.createDirectory(work);
        for (InputFile f : inputs) {
            PrivateFiles.write(work.resolve(f.name()), f.content());
            chown(work.resolve(f.name()), user);
        }
        for (FileRef f : large) {
            files.place(f, work.resolve(f.name()));
            chown(work.resolve(f.name()), user);
        }
        chown(work, user);
    }

    private static void chown(Path p, JobUser user) throws IOException {
        if (user != null) {
            Files.setAttribute(p, "unix:uid", user.uid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(p, "unix:gid", user.gid(), LinkOption.NOFOLLOW_LINKS);
        }
    }

    /** Records the run's first process, with its start time so that a reused pid is never mistaken for it. */
    void recordProcess(ProcessHandle p) {
        long started = p.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
        try {
            PrivateFiles.write(dir.resolve("pid"), (p.pid() + " " + started + "\n").getBytes(
                    java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IOException e) {
            log.warn("cannot record the process of run {}: {}", dir.getFileName(), e.toString());
        }
    }

    /** Bytes the job's directory holds now (links are not followed). */
    long size() {
        long[] total = {0};
        try {
            Files.walkFileTree(work, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    total[0] += attrs.isRegularFile() ? attrs.size() : 0;
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // removed while walked: it holds nothing any more
                }
            });
        } catch (IOException e) {
            log.debug("cannot measure {}: {}", work, e.toString());
        }
        return total[0];
    }

    /** Removes the directory and all it holds; links are removed, never followed. */
    void remove() {
        remove(dir);
    }

    static void remove(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            log.warn("could not remove the run directory {}: {}", dir, e.toString());
        }
    }
}
