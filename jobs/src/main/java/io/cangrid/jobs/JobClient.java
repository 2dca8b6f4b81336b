package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeContext;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.NodeProgram;
import io.cangrid.overlay.Timer;
import io.cangrid.jobs.message.JobProgress;
import io.cangrid.jobs.message.JobResult;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.jobs.message.JobSubmitted;
import io.cangrid.jobs.message.ResubmitJob;
import io.cangrid.jobs.message.StatusQuery;
import io.cangrid.jobs.message.SubmitJob;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client as its own node (the simulation's and PeerSim's): submits jobs through any node and follows
 * them with the {@link JobFollower} every runtime's client uses — the live node's gateway included — so
 * what a simulation measures is what the live grid does. A submission whose receipt is lost is sent again
 * through another node under the same key, which names the same job. The client reaches owners through
 * whichever node its peer supplier picks: any node carries a status query on to the job's owner.
 */
public final class JobClient implements NodeProgram {

    private static final Logger log = LoggerFactory.getLogger(JobClient.class);

    /** A submission not yet acknowledged; {@code key} names it on every retry. */
    private record Pending(JobSpec spec, long key, long sentAt) {
    }

    private record Ask(Consumer<JobStatusReply> then, Timer timeout) {
    }

    private final NodeContext ctx;
    private final JobConfig config;
    private final JobEvents events;
    private final Supplier<NodeId> peers;
    private final Map<Long, Pending> pending = new LinkedHashMap<>();
    private final JobFollower follower;
    private final Map<Long, Ask> asks = new HashMap<>();
    private long nextAsk = 1;
    private final Map<JobId, JobState> finished = new HashMap<>();
    /**
     * Results that overtook the receipt of their submission (messages are not ordered), with their senders,
     * judged once the job is followed; bounded in number and age, since a result for a job never submitted
     * here waits in vain.
     */
    private final Map<JobId, List<Early>> early = new LinkedHashMap<>();
    static final int MAX_EARLY = 256;

    private record Early(NodeId from, JobResult result, long at) {
    }

    /**
     * The owners' answers about jobs whose results came early, asked as they came (a NO_MATCH aside, which
     * any node may report of a job being matched): on the receipt they say whose result to take.
     */
    private final Map<JobId, JobStatusReply> earlyWords = new HashMap<>();
    private long nextTicket = 1;
    private int refused;

    /** @param peers picks a node to submit through; asked again for every resubmission */
    public JobClient(NodeContext ctx, JobConfig config, JobEvents events, Supplier<NodeId> peers) {
        this.ctx = ctx;
        this.config = config;
        this.events = events;
        this.peers = peers;
        this.follower = new JobFollower(ctx, config, new JobFollower.Port() {
            @Override
            public void ask(JobId job, long timeoutMillis, Consumer<JobStatusReply> then) {
                JobClient.this.ask(job, timeoutMillis, then);
            }

            @Override
            public void resubmit(JobProfile next) {
                ctx.send(peers.get(), new ResubmitJob(next));
            }

            @Override
            public void ended(JobProfile job, JobStatusReply result) {
                finished.put(job.id(), result.state());
                events.finished(job, result.state(), result.reason(), ctx.now());
            }
        });
    }

    @Override
    public void start() {
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    /** Submits a job through a node the peer supplier picks. */
    public void submit(JobSpec spec) {
        send(nextTicket++, new Pending(spec, ctx.random().nextLong(), ctx.now()));
    }

    private void send(long ticket, Pending submission) {
        pending.put(ticket, submission);
        ctx.send(peers.get(), new SubmitJob(ticket, submission.spec(), submission.key()));
    }

    @Override
    public void receive(NodeId from, Message message) {
        if (message instanceof JobSubmitted m) {
            submitted(m);
        } else if (message instanceof JobProgress m) {
            int n = Math.min(m.ids().length, m.states().length);
            for (int i = 0; i < n; i++) {
                NodeId runNode = m.runNodes() == null || i >= m.runNodes().length ? null : m.runNodes()[i];
                follower.progress(from, m.ids()[i], m.states()[i], runNode);
            }
        } else if (message instanceof JobResult m) {
            result(from, m);
        } else if (message instanceof JobStatusReply m) {
            answered(from, m);
        } else {
            log.warn("client {}: ignoring {} from {}", ctx.self(), message.getClass().getSimpleName(), from);
        }
    }

    private void submitted(JobSubmitted m) {
        if (pending.remove(m.ticket()) == null) {
            return; // the second answer to a submission sent again elsewhere: both name the same job
        }
        if (m.profile() == null) {
            refused++;
            log.warn("client {}: job refused: {}", ctx.self(), io.cangrid.overlay.LogText.of(m.refusal()));
            return;
        }
        follower.follow(m.profile());
        JobStatusReply word = earlyWords.remove(m.profile().id());
        if (word != null) {
            follower.ownerAnswered(word);
        }
        List<Early> overtaken = early.remove(m.profile().id());
        if (overtaken != null) {
            for (Early e : overtaken) {
                result(e.from(), e.result());
            }
        }
    }

    private void result(NodeId from, JobResult m) {
        if (finished.containsKey(m.id())) {
            return; // a duplicate result of a job already finished
        }
        if (follower.follows(m.id())) {
            follower.result(from, new JobStatusReply(0, m.id(), m.state(), null, null, m.reason(), m.output(),
                    m.waitMillis()));
            return;
        }
        List<Early> waiting = early.get(m.id());
        if (waiting == null && early.size() >= MAX_EARLY) {
            follower.senders().refuse(JobSenders.Refusal.RESULT_NOT_FOLLOWED, from, m.id(),
                    "too many results of jobs not followed here already");
            return;
        }
        if (waiting != null && waiting.size() >= JobFollower.MAX_UNCHECKED) {
            follower.senders().refuse(JobSenders.Refusal.RESULT_NOT_FOLLOWED, from, m.id(),
                    "too many results of the job waiting for its receipt already");
            return;
        }
        boolean asked = waiting != null && waiting.stream().anyMatch(e -> e.result().state() != JobState.NO_MATCH);
        early.computeIfAbsent(m.id(), id -> new ArrayList<>(1)).add(new Early(from, m, ctx.now()));
        if (!asked && m.state() != JobState.NO_MATCH) {
            // Who speaks for the job is asked now, so that the receipt finds the answer waiting.
            ask(m.id(), JobFollower.ASK_TIMEOUT_MILLIS, reply -> {
                if (reply != null && reply.owner() != null && early.containsKey(m.id())) {
                    earlyWords.put(m.id(), reply);
                }
            });
        }
    }

    /** Results of jobs this client never came to follow are dropped after a client timeout, and counted. */
    private void forgetEarly(long now) {
        for (var it = early.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (now - e.getValue().get(0).at() > config.clientTimeoutMillis()) {
                it.remove();
                earlyWords.remove(e.getKey());
                for (Early r : e.getValue()) {
                    follower.senders().refuse(JobSenders.Refusal.RESULT_NOT_FOLLOWED, r.from(), r.result().id(),
                            null);
                }
            }
        }
    }

    /** Asks the owner of {@code job}'s point through a node; {@code then} gets its answer, or null. */
    private void ask(JobId job, long timeoutMillis, Consumer<JobStatusReply> then) {
        long ticket = nextAsk++;
        Timer timeout = ctx.schedule(timeoutMillis, () -> {
            Ask a = asks.remove(ticket);
            if (a != null) {
                a.then().accept(null);
            }
        });
        asks.put(ticket, new Ask(then, timeout));
        ctx.send(peers.get(), new StatusQuery(ticket, job, ctx.self()));
    }

    private void answered(NodeId from, JobStatusReply reply) {
        if (!JobSenders.namesSender(reply.owner(), from)) {
            // An owner answers for itself; an answer naming another owner would vouch for nodes it cannot.
            follower.senders().refuse(JobSenders.Refusal.SENDER_MISNAMED, from, reply.job(),
                    "a status answer naming " + reply.owner() + " as the owner");
            return;
        }
        Ask a = asks.remove(reply.ticket());
        if (a != null) {
            a.timeout().cancel();
            a.then().accept(reply);
        }
    }

    private void tick() {
        long now = ctx.now();
        long timeout = config.clientTimeoutMillis();
        // A copy in insertion order: sending again replaces entries, and the order must be reproducible.
        for (Map.Entry<Long, Pending> e : new java.util.ArrayList<>(pending.entrySet())) {
            if (now - e.getValue().sentAt() > timeout) {
                // The node we submitted through never answered: submit again elsewhere, under the same key,
                // so that if it did accept the job (and only its receipt was lost) the grid still runs one.
                Pending p = e.getValue();
                send(e.getKey(), new Pending(p.spec(), p.key(), now));
            }
        }
        follower.tick();
        forgetEarly(now);
        ctx.schedule(config.heartbeatMillis(), this::tick);
    }

    @Override
    public void leave() {
        ctx.exit();
    }

    /** Jobs submitted and not yet finished (including submissions not yet acknowledged). */
    public int unfinished() {
        return follower.size() + pending.size();
    }

    public int finishedCount() {
        return finished.size();
    }

    /** What this client refused to take from whom. */
    public JobSenders senders() {
        return follower.senders();
    }

    public int refusedCount() {
        return refused;
    }
}
