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
 */
public final class JobStore implements OutcomeLedger {

    private static final Logger log = LoggerFactory.getLogger(JobStore.class);

    private final Path pendingDir;
    private final Path resultsDir;
    private final Path takenDir;
    private final MessageCodec codec;

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

    /** Stores how a job ended, unless a result is stored already: the first one stays. */
    /** The owner's ledger: an outcome it recorded, stored as its answer to a status query would be. */
    @Override
    public void keep(JobId id, JobOutcome outcome, NodeId owner) {
        saveResult(new JobStatusReply(0, id, outcome.state(), owner, outcome.runNode(), outcome.reason(),
                outcome.output(), outcome.waitMillis()));
    }

    public void saveResult(JobStatusReply result) {
        Path f = resultsDir.resolve(result.job().toString());
        if (!Files.exists(f)) {
            write(f, result);
        }
    }

    /** The stored result of {@code id}, or null. */
    public JobStatusReply result(JobId id) {
        Path f = resultsDir.resolve(id.toString());
        return Files.exists(f) && read(f) instanceof JobStatusReply r ? r : null;
    }

    public boolean removeResult(JobId id) {
        return delete(resultsDir.resolve(id.toString()));
    }

    /** Deletes results stored before {@code oldestMillis} (epoch milliseconds); returns how many. */
    public int expireResults(long oldestMillis) {
        int n = 0;
        for (Path f : list(resultsDir)) {
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
        try {
            PrivateFiles.writeAtomically(f, codec.encode(m));
        } catch (IOException | IllegalArgumentException e) {
            log.error("cannot store {}: {}", f, e.toString());
        }
    }

    private Message read(Path f) {
        try {
            return codec.decode(Files.readAllBytes(f));
        } catch (IOException | WireFormatException e) {
            log.warn("skipping unreadable job file {}: {}", f, e.getMessage());
            return null;
        }
    }

    private boolean delete(Path f) {
        try {
            return Files.deleteIfExists(f);
        } catch (IOException e) {
            log.warn("cannot delete {}: {}", f, e.toString());
            return false;
        }
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !p.getFileName().toString().endsWith(".tmp")).sorted().toList();
        } catch (IOException e) {
            log.warn("cannot list {}: {}", dir, e.toString());
            return List.of();
        }
    }
}
