package io.cangrid.jobs.gateway;

import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes and deletes a job store's files on a thread of its own, a moment after they are asked for, never on
 * the node's thread: creating, renaming and deleting files is a journal entry of the disk each, several a
 * job, and a busy disk held a node's thread (and every node sharing it) for tens of milliseconds at a time.
 * A file changed again within {@link #DELAY_MILLIS} is written once, with its last content, and a file
 * saved and deleted within it never reaches the disk: a job that ends within moments costs its pending
 * record nothing. Until a change is on disk, {@link #bytes} answers from it, so a reader never sees older
 * records than were saved.
 *
 * <p>One writer serves a directory for the life of the process, so a store reopened on it (a node restarted
 * in the same process) reads through the changes the earlier one left waiting. {@link #flush()} puts every
 * waiting change on disk now, as a node leaving does; a process killed outright loses its last
 * {@link #DELAY_MILLIS} of changes, whose jobs their owners still hold.
 */
final class StoreWriter {

    /** How long a change waits for the next one to the same file. */
    static final long DELAY_MILLIS = 100;
    /** Marks a file to delete among the waiting changes. */
    static final byte[] DELETED = new byte[0];
    private static final long FLUSH_WAIT_SECONDS = 60;
    private static final long IDLE_SECONDS = 5;
    private static final Logger log = LoggerFactory.getLogger(StoreWriter.class);
    private static final Map<Path, StoreWriter> BY_DIRECTORY = new ConcurrentHashMap<>();

    private final ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "cangrid-job-store");
        t.setDaemon(true);
        return t;
    });
    /** Changes not yet on disk, by file: the bytes to write, or {@link #DELETED}. */
    private final Map<Path, byte[]> waiting = new ConcurrentHashMap<>();

    private StoreWriter() {
        // A writer with nothing to do holds no thread: a process may open many stores over its life.
        thread.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
        thread.allowCoreThreadTimeOut(true);
    }

    /** The writer of the store in {@code dir}, the same for every store opened on it in this process. */
    static StoreWriter of(Path dir) {
        return BY_DIRECTORY.computeIfAbsent(dir.toAbsolutePath().normalize(), d -> new StoreWriter());
    }

    /** Asks for {@code f} to hold {@code bytes} ({@link #DELETED}: to be gone) a moment from now. */
    void change(Path f, byte[] bytes) {
        waiting.put(f, bytes);
        thread.schedule(() -> apply(f), DELAY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** The change waiting for {@code f}: its bytes, {@link #DELETED}, or null when the disk is up to date. */
    byte[] bytes(Path f) {
        return waiting.get(f);
    }

    /** The waiting changes now (a change leaves them only once it is on disk). */
    Map<Path, byte[]> waiting() {
        return Map.copyOf(waiting);
    }

    /** Puts every waiting change on disk now and returns once they are. */
    void flush() {
        try {
            thread.submit(() -> waiting.keySet().forEach(this::apply)).get(FLUSH_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("interrupted while the job store was writing: {} change(s) may not be on disk", waiting.size());
        } catch (ExecutionException | TimeoutException e) {
            log.error("the job store did not finish writing within {} s: {} change(s) may not be on disk: {}",
                    FLUSH_WAIT_SECONDS, waiting.size(), e.toString());
        }
    }

    /** On the writer's thread: the latest change of {@code f}, if one waits. */
    private void apply(Path f) {
        byte[] bytes = waiting.get(f);
        if (bytes == null) {
            return; // written already with a later change, or flushed
        }
        try {
            if (bytes == DELETED) {
                Files.deleteIfExists(f);
            } else {
                PrivateFiles.writeAtomically(f, bytes);
            }
        } catch (IOException e) {
            log.error("cannot {} {}: {}", bytes == DELETED ? "delete" : "store", f, e.toString());
        }
        waiting.remove(f, bytes);
    }
}
