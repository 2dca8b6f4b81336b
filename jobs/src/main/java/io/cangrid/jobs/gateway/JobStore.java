package io.cangrid.jobs.gateway;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.PrivateFiles;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.OutcomeLedger;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.ResubmitJob;
import io.cangrid.overlay.wire.MessageCodec;
import io.cangrid.overlay.wire.WireFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's jobs on disk, so that they outlive the process: {@code pending/} holds the jobs this node took
 * from clients and that have not ended, {@code taken/} a short line on every job it took (for listing them),
 * {@code results/} how jobs ended (those it took, and those it owned),
 * each file one job, named by its id and written in the wire format, atomically (write, then rename),
 * readable by the node's user only (directories 0700, files 0600). A file that no longer decodes is reported
 * and skipped, never fatal.
 *
 * <p>The files are written and deleted a moment later by the directory's {@link StoreWriter}, never on the
 * node's thread; the store reads through the changes still waiting. {@link #flush()} puts them on disk now,
 * as a node leaving does.
 */
public final class JobStore implements OutcomeLedger {

    private static final Logger log = LoggerFactory.getLogger(JobStore.class);

    private static final byte[] DELETED = StoreWriter.DELETED;

    private final Path pendingDir;
    private final Path resultsDir;
    private final Path takenDir;
    private final MessageCodec codec;
    private final StoreWriter writer;

    public JobStore(Path dir, MessageCodec codec) {
        this.pendingDir = dir.resolve("pending");
        this.resultsDir = dir.resolve("results");
        this.takenDir = dir.resolve("taken");
        this.codec = codec;
        try {
            PrivateFiles.createDirectories(dir);
            PrivateFiles.createDirectories(pendingDir);
            PrivateFiles.createDirectories(takenDir);
            PrivateFiles.createDirectories(resultsDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the job store in " + dir + ": " + e.getMessage(), e);
        }
        this.writer = StoreWriter.of(dir);
    }

    /** Puts every change asked of this store on disk now and returns once they are. */
    public void flush() {
        writer.flush();
    }

    /**
     * Puts on disk what any store of this process left waiting in {@code dir}: for a node stopped without
     * leaving whose directory is about to be read or removed.
     */
    public static void flushIn(Path dir) {
        StoreWriter.of(dir).flush();
    }

    public void savePending(JobProfile profile) {
        write(pendingDir.resolve(profile.id().toString()), new ResubmitJob(profile));
    }

    public void removePending(JobId id) {
        delete(pendingDir.resolve(id.toString()));
    }

    /** The jobs taken and not ended, as last saved. */
    public List<JobProfile> pending() {
        List<JobProfile> out = new ArrayList<>();
        for (Path f : list(pendingDir)) {
            if (read(f) instanceof ResubmitJob r) {
                out.add(r.profile());
            }
        }
        return out;
    }

    public void saveTaken(TakenJob job) {
        write(takenDir.resolve(job.job().toString()), job);
    }

    public void removeTaken(JobId id) {
        delete(takenDir.resolve(id.toString()));
    }

    /** The jobs this node took, as last saved, in no particular order. */
    public List<TakenJob> taken() {
        List<TakenJob> out = new ArrayList<>();
        for (Path f : list(takenDir)) {
            if (read(f) instanceof TakenJob t) {
                out.add(t);
            }
        }
        return out;
    }

    /** What this node stored of how a job ended, as an owner's ledger or as the node that took the job. */
    @Override
    public JobOutcome recall(JobId id) {
        JobStatusReply r = result(id);
        return r == null || r.state() == null || !r.state().isTerminal() ? null
                : new JobOutcome(r.state(), r.reason(), r.runNode(), 0, r.output(), r.waitMillis());
    }

    /** The owner's ledger: an outcome it recorded, stored as its answer to a status query would be. */
    @Override
    public void keep(JobId id, JobOutcome outcome, NodeId owner) {
        saveResult(new JobStatusReply(0, id, outcome.state(), owner, outcome.runNode(), outcome.reason(),
                outcome.output(), outcome.waitMillis()));
    }

    /** Stores how a job ended, unless a result is stored already: the first one stays. */
    public void saveResult(JobStatusReply result) {
        Path f = resultsDir.resolve(result.job().toString());
        if (!exists(f)) {
            write(f, result);
        }
    }

    /** The stored result of {@code id}, or null. */
    public JobStatusReply result(JobId id) {
        Path f = resultsDir.resolve(id.toString());
        return exists(f) && read(f) instanceof JobStatusReply r ? r : null;
    }

    public boolean removeResult(JobId id) {
        return delete(resultsDir.resolve(id.toString()));
    }

    /** Deletes results stored before {@code oldestMillis} (epoch milliseconds); returns how many. */
    public int expireResults(long oldestMillis) {
        int n = 0;
        for (Path f : list(resultsDir)) {
            if (writer.bytes(f) != null) {
                continue; // saved a moment ago, or being deleted already
            }
            try {
                if (Files.getLastModifiedTime(f).toMillis() < oldestMillis && delete(f)) {
                    n++;
                }
            } catch (IOException e) {
                log.warn("cannot read the age of {}: {}", f, e.toString());
            }
        }
        return n;
    }

    private void write(Path f, Message m) {
        byte[] bytes;
        try {
            bytes = codec.encode(m);
        } catch (IllegalArgumentException e) {
            log.error("cannot store {}: {}", f, e.toString());
            return;
        }
        writer.change(f, bytes);
    }

    private boolean exists(Path f) {
        byte[] bytes = writer.bytes(f);
        return bytes != null ? bytes != DELETED : Files.exists(f);
    }

    private Message read(Path f) {
        try {
            byte[] bytes = writer.bytes(f);
            if (bytes == DELETED) {
                return null;
            }
            return codec.decode(bytes != null ? bytes : Files.readAllBytes(f));
        } catch (java.nio.file.NoSuchFileException e) {
            return null; // deleted since it was listed
        } catch (IOException | WireFormatException e) {
            log.warn("skipping unreadable job file {}: {}", f, e.getMessage());
            return null;
        }
    }

    /** Deletes {@code f}; true when it was there (on disk, or about to be). */
    private boolean delete(Path f) {
        boolean there = exists(f);
        if (there) {
            writer.change(f, DELETED);
        }
        return there;
    }

    /** The files of {@code dir} as they will be once every waiting change is on disk. */
    private List<Path> list(Path dir) {
        // The waiting changes first, the disk after: a change leaves the map only once it is on disk, so a
        // file is in one or the other (or both) whichever moment the writer finishes it.
        Map<Path, byte[]> changes = writer.waiting();
        TreeSet<Path> files = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> !p.getFileName().toString().endsWith(".tmp")).forEach(files::add);
        } catch (IOException e) {
            log.warn("cannot list {}: {}", dir, e.toString());
        }
        changes.forEach((f, bytes) -> {
            if (dir.equals(f.getParent())) {
                if (bytes == DELETED) {
                    files.remove(f);
                } else {
                    files.add(f);
                }
            }
        });
        return List.copyOf(files);
    }
}
