package io.cangrid.simulator.baseline;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.RunQueue;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.jobs.JobNode;
import io.cangrid.overlay.runtime.GridRuntime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an oracle knows: every live node's capabilities and exact queue, including jobs it has sent that
 * have not arrived yet, so two decisions a few milliseconds apart do not both pick the same free node.
 * It exists only in experiments: it reads the nodes' state directly, on any runtime that hosts them in
 * one process.
 */
public final class GlobalView {

    /**
     * A live node as the oracle sees it: its queue, backlog, and what a job arriving now could take at once
     * (free cores; free memory, -1 when not accounted), jobs in flight to it counted.
     */
    public record NodeLoad(NodeId id, Capabilities capabilities, int queueLength, double backlogSeconds, int freeCores,
            double freeMemoryMiB, RunQueue queue) {

        public double cpu() {
            return capabilities.get(0);
        }

        /** Whether {@code job} could start here at once: on a one-core node, whether its queue is empty. */
        public boolean fits(JobSpec job) {
            return freeCores >= job.cores() && (freeMemoryMiB < 0 || queue.memoryOf(job) <= freeMemoryMiB);
        }
    }

    private final GridRuntime runtime;
    private final List<JobNode<?>> nodes = new ArrayList<>();
    /** Jobs an oracle sent to one node that have not reached its queue yet. */
    private static final class InFlight {
        int jobs;
        double work;
        int cores;
        double memory;
        RunQueue queue;
    }

    private static final InFlight NONE = new InFlight();

    private final Map<NodeId, InFlight> inFlight = new HashMap<>();

    public GlobalView(GridRuntime runtime) {
        this.runtime = runtime;
    }

    public void add(JobNode<?> node) {
        nodes.add(node);
    }

    /** The live nodes, in the order they were added. */
    public List<NodeLoad> liveNodes() {
        long now = runtime.now();
        List<NodeLoad> out = new ArrayList<>(nodes.size());
        for (JobNode<?> n : nodes) {
            NodeId id = n.id();
            if (!runtime.isAlive(id)) {
                continue;
            }
            RunQueue q = n.agent().queue();
            InFlight pending = inFlight.getOrDefault(id, NONE);
            double freeMemory = q.memoryForNewcomer();
            out.add(new NodeLoad(id, n.capabilities(), q.length() + pending.jobs,
                    q.backlogSeconds(now) + pending.work / q.cpuSpeed() / q.cores(),
                    Math.max(0, q.coresForNewcomer() - pending.cores),
                    freeMemory < 0 ? freeMemory : Math.max(0, freeMemory - pending.memory), q));
        }
        return out;
    }

    /** An oracle sent {@code job} to {@code node}, whose queue is {@code queue}. */
    public void sent(NodeId node, JobSpec job, RunQueue queue) {
        InFlight f = inFlight.computeIfAbsent(node, k -> new InFlight());
        f.jobs++;
        f.work += coreWork(job);
        f.cores += job.cores();
        f.memory += queue.memoryOf(job);
        f.queue = queue;
    }

    /** A job an oracle sent reached {@code node}'s queue. */
    public void arrived(NodeId node, JobSpec job) {
        InFlight f = inFlight.get(node);
        if (f != null && f.jobs > 0) {
            f.jobs--;
            // Exactly zero once nothing is in flight, so rounding never leaves a phantom backlog.
            f.work = f.jobs == 0 ? 0 : f.work - coreWork(job);
            f.cores = f.jobs == 0 ? 0 : Math.max(0, f.cores - job.cores());
            f.memory = f.jobs == 0 ? 0 : Math.max(0, f.memory - f.queue.memoryOf(job));
        }
    }

    /** Work times cores (a one-core job's work exactly). */
    private static double coreWork(JobSpec job) {
        return job.cores() == 1 ? job.work() : job.work() * job.cores();
    }
}
