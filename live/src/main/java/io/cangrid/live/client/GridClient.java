package io.cangrid.live.client;

import io.cangrid.live.ClientSession;
import io.cangrid.live.LiveClient;
import io.cangrid.live.MessageTooLargeException;
import io.cangrid.live.NetConfig;
import io.cangrid.live.NodeKey;
import io.cangrid.overlay.Message;
import io.cangrid.jobs.gateway.GridCancel;
import io.cangrid.jobs.gateway.GridExplain;
import io.cangrid.jobs.gateway.GridExplained;
import io.cangrid.jobs.gateway.GridJobList;
import io.cangrid.jobs.gateway.GridJobs;
import io.cangrid.jobs.gateway.GridRemove;
import io.cangrid.jobs.gateway.GridRemoved;
import io.cangrid.jobs.gateway.GridStatus;
import io.cangrid.jobs.gateway.GridSubmit;
import io.cangrid.jobs.gateway.GridSubmitBatch;
import io.cangrid.jobs.gateway.GridSubmittedBatch;
import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.jobs.gateway.JobGateway;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.message.CancelReply;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.files.FileMessage;
import io.cangrid.jobs.files.FileStats;
import io.cangrid.jobs.files.FileStatsQuery;
import io.cangrid.overlay.NodeId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.security.SecureRandom;
import java.time.Duration;

/**
 * The Java client API of a live grid: submits jobs through one node (any node of the grid), and asks it
 * about any job, over one authenticated session kept with that node for all its requests. It authenticates like every node and client: with its own key, and the grid's secret or
 * an admission token of the {@code submit} role. Thread-safe.
 *
 * <pre>{@code
 * try (GridClient grid = new GridClient(NetConfig.of("cangrid", secret), "node-a.lan", 7000)) {
 *     JobId id = grid.submit(spec);
 *     JobStatusReply end = grid.await(id, Duration.ofMinutes(10));
 * }
 * }</pre>
 */
public final class GridClient implements AutoCloseable {

    /** A submission waits for the job's owner to hold it, which the node bounds at 10 s. */
    static final Duration SUBMIT_TIMEOUT = Duration.ofSeconds(15);
    static final Duration ASK_TIMEOUT = Duration.ofSeconds(5);
    static final int ATTEMPTS = 3;
    static final long POLL_MILLIS = 250;

    private final LiveClient client;
    private final String host;
    private final int port;
    private final SecureRandom random = new SecureRandom();
    /** The session with the node, once opened; guarded by this. */
    private ClientSession session;

    /** A client with a key of its own made for it. */
    public GridClient(NetConfig config, String host, int port) {
        this(config, NodeKey.generate(), host, port);
    }

    /** A client proving {@code key} (a person's own key, kept in a file of theirs). */
    public GridClient(NetConfig config, NodeKey key, String host, int port) {
        this.client = new LiveClient(config, key);
        this.host = host;
        this.port = port;
    }

    /**
     * Submits {@code spec}; returns its id once the job's owner holds it. A submission whose answer is lost
     * is sent again under the same key, so it names the same job and the grid runs it once.
     *
     * @throws JobRefusedException when the node refuses the job (the reason says why)
     * @throws IOException when the node cannot be reached or refuses the connection
     */
    public JobId submit(JobSpec spec) throws IOException {
        long key = random.nextLong();
        IOException last = null;
        for (int i = 0; i < ATTEMPTS; i++) {
            try {
                long ticket = random.nextLong();
                Message m = ask(new GridSubmit(ticket, spec, key), ticket, SUBMIT_TIMEOUT);
                if (m instanceof GridSubmitted s) {
                    if (s.job() == null) {
                        throw new JobRefusedException(s.refusal());
                    }
                    return s.job();
                }
                throw new IOException(host + ":" + port + " answered a submission with " + m.getClass().getSimpleName());
            } catch (JobRefusedException | MessageTooLargeException e) {
                throw e; // asking again cannot help
            } catch (IOException e) {
                last = e;
                if (e.getMessage() != null && (e.getMessage().contains("refused") || e.getMessage().contains("handshake"))) {
                    break; // another secret or grid: trying again cannot help
                }
            }
        }
        throw last;
    }

    /**
     * Submits {@code specs} in one request (at most {@link GridSubmitBatch#MAX_JOBS}); returns, in order, each
     * job's id once its owner holds it. A batch whose answer is lost is sent again under the same keys, so
     * it names the same jobs and the grid runs each once.
     *
     * @throws JobRefusedException when the node refuses a job (the reason says which and why); the jobs of
     *         the batch it took stay taken, and {@link JobRefusedException#taken} names them
     */
    public List<JobId> submitAll(List<JobSpec> specs) throws IOException {
        if (specs.size() > GridSubmitBatch.MAX_JOBS) {
            throw new IllegalArgumentException("a batch has at most " + GridSubmitBatch.MAX_JOBS + " jobs");
        }
        long[] keys = new long[specs.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong();
        }
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                long ticket = random.nextLong();
                Message m = ask(new GridSubmitBatch(ticket, specs.toArray(JobSpec[]::new), keys), ticket,
                        SUBMIT_TIMEOUT);
                if (!(m instanceof GridSubmittedBatch r)) {
                    throw new IOException(host + ":" + port + " answered a batch with " + m.getClass().getSimpleName());
                }
                if (r.error() != null || r.jobs() == null || r.jobs().length != specs.size()) {
                    throw new JobRefusedException(r.error() != null ? r.error() : "the node answered for another"
                            + " number of jobs than it was given");
                }
                List<JobId> ids = new ArrayList<>();
                for (int i = 0; i < r.jobs().length; i++) {
                    if (r.jobs()[i] == null) {
                        List<JobId> taken = new ArrayList<>();
                        for (JobId id : r.jobs()) {
                            if (id != null) {
                                taken.add(id);
                            }
                        }
                        String why = r.refusals() != null && i < r.refusals().length ? r.refusals()[i] : null;
                        throw new JobRefusedException(why, taken, i);
                    }
                    ids.add(r.jobs()[i]);
                }
                return ids;
            } catch (JobRefusedException | MessageTooLargeException e) {
                throw e;
            } catch (IOException e) {
                last = e;
                if (e.getMessage() != null && (e.getMessage().contains("refused") || e.getMessage().contains("handshake"))) {
                    break;
                }
            }
        }
        throw last;
    }

    /** The job's state as its owner (or, failing that, the node asked) knows it; state null: no record. */
    public JobStatusReply status(JobId id) throws IOException {
        IOException last = null;
        for (int i = 0; i < ATTEMPTS; i++) {
            try {
                long ticket = random.nextLong();
                Message m = ask(new GridStatus(ticket, id), ticket, ASK_TIMEOUT);
                if (m instanceof JobStatusReply r) {
                    return r;
                }
                throw new IOException(host + ":" + port + " answered a status query with " + m.getClass().getSimpleName());
            } catch (IOException e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * Waits until the job ends and returns how; null when {@code timeout} passes first. Status queries the
     * node cannot answer meanwhile (its owner is being replaced) are asked again.
     */
    public JobStatusReply await(JobId id, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JobStatusReply r;
            try {
                r = status(id);
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                r = null;
            }
            if (r != null && r.state() != null && r.state().isTerminal()) {
                return r;
            }
            if (System.nanoTime() + POLL_MILLIS * 1_000_000 > deadline) {
                return null;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /**
     * Cancels the job: its owner ends it CANCELLED and its run node kills the run. The reply says whether
     * this call ended it, or how the job had already ended, or that no owner knows it. Not retried: a lost
     * answer leaves the job cancelled, and asking again then reports it ended already.
     */
    public CancelReply cancel(JobId id) throws IOException {
        long ticket = random.nextLong();
        Message m = ask(new GridCancel(ticket, id), ticket, ASK_TIMEOUT);
        if (m instanceof CancelReply r) {
            return r;
        }
        throw new IOException(host + ":" + port + " answered a cancellation with " + m.getClass().getSimpleName());
    }

    /**
     * The jobs that came in through this node, newest first, at most {@code limit} of them (the node lists
     * {@value JobGateway#MAX_LISTED} at most); the answer's total says how many it knows of.
     */
    public GridJobList jobs(int limit) throws IOException {
        long ticket = random.nextLong();
        Message m = ask(new GridJobs(ticket, limit), ticket, ASK_TIMEOUT);
        if (m instanceof GridJobList l) {
            return l;
        }
        throw new IOException(host + ":" + port + " answered a job listing with " + m.getClass().getSimpleName());
    }

    /** The newest {@value JobGateway#MAX_LISTED} jobs that came in through this node. */
    public GridJobList jobs() throws IOException {
        return jobs(JobGateway.MAX_LISTED);
    }

    /**
     * The steps the node at {@code host:port} (any node of the grid, reached with this client's settings)
     * kept of {@code id}. Not retried: explaining follows many nodes, and one that does not answer is
     * reported as such.
     */
    public GridExplained explainAt(String host, int port, JobId id) throws IOException {
        Message m = client.ask(host, port, new GridExplain(random.nextLong(), id), ASK_TIMEOUT);
        if (m instanceof GridExplained r) {
            return r;
        }
        throw new IOException(host + ":" + port + " answered an explain query with " + m.getClass().getSimpleName());
    }

    /** The steps the node this client talks to kept of {@code id}. */
    public GridExplained explain(JobId id) throws IOException {
        return explainAt(host, port, id);
    }

    /**
     * Sends the file at {@code path} to the node as chunks (only those it lacks), to be a large input named
     * {@code name} of jobs submitted through it; returns the reference a job's command carries.
     */
    public FileRef upload(Path path, String name, FileTransfers.Progress progress) throws IOException {
        return new FileTransfers(this, random).upload(path, name, progress);
    }

    /**
     * Fetches the large file {@code file} through the node (which fetches what it lacks from {@code holders},
     * such as the node the job ran on) into {@code target}, checking every chunk and the whole.
     */
    public void download(FileRef file, List<NodeId> holders, Path target, FileTransfers.Progress progress)
            throws IOException {
        new FileTransfers(this, random).download(file, holders, target, progress);
    }

    /** What the node's file transfers moved since it started. */
    public FileStats fileStats() throws IOException {
        long ticket = random.nextLong();
        Message m = ask(new FileStatsQuery(ticket), ticket, ASK_TIMEOUT);
        if (m instanceof FileStats r) {
            return r;
        }
        throw new IOException(host + ":" + port + " answered a file statistics query with " + m.getClass().getSimpleName());
    }

    String where() {
        return host + ":" + port;
    }

    /** Deletes the result the node stored of {@code id}; false when it had none. */
    public boolean remove(JobId id) throws IOException {
        long ticket = random.nextLong();
        Message m = ask(new GridRemove(ticket, id), ticket, ASK_TIMEOUT);
        if (m instanceof GridRemoved r) {
            return r.removed();
        }
        throw new IOException(host + ":" + port + " answered a removal with " + m.getClass().getSimpleName());
    }

    /**
     * Asks the node this client talks to over the one session kept with it (opened on first use, and again
     * after the node closed it), so that many requests pay one handshake.
     */
    Message ask(Message question, long ticket, Duration timeout) throws IOException {
        ClientSession s;
        synchronized (this) {
            if (session == null || !session.isOpen()) {
                session = client.open(host, port, GridClient::ticketOf, timeout);
            }
            s = session;
        }
        return s.ask(question, ticket, timeout);
    }

    /** The ticket of an answer of a node to a client; none for what no client asks. */
    public static long ticketOf(Message m) {
        if (m instanceof GridSubmitted r) {
            return r.ticket();
        } else if (m instanceof JobStatusReply r) {
            return r.ticket();
        } else if (m instanceof CancelReply r) {
            return r.ticket();
        } else if (m instanceof GridJobList r) {
            return r.ticket();
        } else if (m instanceof GridRemoved r) {
            return r.ticket();
        } else if (m instanceof GridExplained r) {
            return r.ticket();
        } else if (m instanceof FileMessage r) {
            return r.ticket();
        } else if (m instanceof GridSubmittedBatch r) {
            return r.ticket();
        }
        return Long.MIN_VALUE;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (session != null) {
                session.close();
            }
        }
        client.close();
    }

    /** The node refused a job: its spec does not fit the grid. */
    public static final class JobRefusedException extends IOException {
        private final transient List<JobId> taken;
        private final int index;

        public JobRefusedException(String reason) {
            this(reason, List.of(), -1);
        }

        public JobRefusedException(String reason, List<JobId> taken, int index) {
            super(reason);
            this.taken = List.copyOf(taken);
            this.index = index;
        }

        /** Which job of a batch was refused (from 0); -1 for a single job or the whole batch. */
        public int index() {
            return index;
        }

        /** The jobs of a refused batch that the node took nevertheless. */
        public List<JobId> taken() {
            return taken;
        }
    }
}
