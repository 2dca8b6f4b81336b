package io.cangrid.cli.grid;

import io.cangrid.cli.common.HostPort;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.gateway.GridExplained;
import io.cangrid.jobs.ExplainStep;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Follows a job's trail across the grid: asks each node for the steps it kept of the job and goes on to
 * every node those steps name (where the job went next or came from), breadth first from the
 * nodes it starts with, until no new node is named, {@link #MAX_NODES} have been asked or the time is up.
 * Nodes that did not answer are reported, so an explanation with gaps says where they are.
 */
public final class ExplainWalk {

    public static final int MAX_NODES = 32;

    /** Asks one node (by address) for its steps of the job. */
    @FunctionalInterface
    public interface Asker {
        GridExplained ask(HostPort at) throws IOException;
    }

    /** Every step found, in the order the nodes' clocks give, and the addresses that did not answer. */
    public record Result(List<ExplainStep> steps, List<String> incomplete, int nodesAsked) {
    }

    private final Asker asker;
    private final LongSupplier clock;
    private final long deadline;

    ExplainWalk(Asker asker, LongSupplier clock, long budgetMillis) {
        this.asker = asker;
        this.clock = clock;
        this.deadline = clock.getAsLong() + budgetMillis;
    }

    public Result follow(List<HostPort> start) {
        ArrayDeque<HostPort> queue = new ArrayDeque<>(start);
        Set<HostPort> asked = new HashSet<>();
        Set<Long> answered = new HashSet<>();
        List<ExplainStep> steps = new ArrayList<>();
        Set<String> incomplete = new LinkedHashSet<>();
        while (!queue.isEmpty()) {
            HostPort at = queue.poll();
            if (!asked.add(at)) {
                continue;
            }
            if (asked.size() > MAX_NODES || clock.getAsLong() > deadline) {
                incomplete.add(at.host() + ":" + at.port() + " (not asked: "
                        + (asked.size() > MAX_NODES ? MAX_NODES + " nodes asked already" : "out of time") + ")");
                continue;
            }
            GridExplained reply;
            try {
                reply = asker.ask(at);
            } catch (IOException e) {
                incomplete.add(at.host() + ":" + at.port() + " (" + e.getMessage() + ")");
                continue;
            }
            // A node reached under two addresses (a name and an IP) tells its steps once.
            if (reply.node() != null && !answered.add(reply.node().value())) {
                continue;
            }
            for (ExplainStep s : reply.steps()) {
                steps.add(s);
                enqueue(s.node(), queue);
                enqueue(s.next(), queue);
                enqueue(s.from(), queue);
            }
        }
        steps.sort(Comparator.comparingLong(ExplainStep::at));
        return new Result(List.copyOf(steps), List.copyOf(incomplete), Math.min(asked.size(), MAX_NODES));
    }

    private static void enqueue(NodeId node, ArrayDeque<HostPort> queue) {
        if (node != null && node.hasAddress()) {
            queue.add(new HostPort(node.host(), node.port()));
        }
    }
}
