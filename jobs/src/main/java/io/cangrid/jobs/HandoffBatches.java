package io.cangrid.jobs;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.message.OwnershipHandoff;
import java.util.ArrayList;
import java.util.List;

/**
 * A hand-over cut into messages that each fit a frame: jobs carry their inputs and ended jobs their outputs,
 * and one message holding many of them would be refused at the sender, losing every job it held. Items are
 * added in order; a message is closed once its estimated size passes {@link #BATCH_BYTES} (an item larger than
 * that travels alone, and fits a frame on its own, as its run's result did). Simulated jobs carry neither, so
 * a simulated hand-over stays one message.
 */
final class HandoffBatches {

    static final int BATCH_BYTES = 64 * 1024;
    /** What a profile or an outcome costs besides its files and text: ids, names, numbers. */
    private static final int ITEM_OVERHEAD = 256;

    private final List<OwnershipHandoff> done = new ArrayList<>();
    private final List<JobProfile> profiles = new ArrayList<>();
    private final List<NodeId> runNodes = new ArrayList<>();
    private final List<MatchTrace> traces = new ArrayList<>();
    private final List<JobId> endedIds = new ArrayList<>();
    private final List<JobOutcome> endedOutcomes = new ArrayList<>();
    private long bytes;

    void job(JobProfile profile, NodeId runNode, MatchTrace trace) {
        profiles.add(profile);
        runNodes.add(runNode);
        traces.add(trace);
        grow(size(profile));
    }

    void ended(JobId id, JobOutcome outcome) {
        endedIds.add(id);
        endedOutcomes.add(outcome);
        grow(ITEM_OVERHEAD + (outcome.output() == null ? 0 : size(outcome.output())));
    }

    private void grow(long itemBytes) {
        bytes += itemBytes;
        if (bytes >= BATCH_BYTES) {
            close();
        }
    }

    private void close() {
        if (profiles.isEmpty() && endedIds.isEmpty()) {
            return;
        }
        done.add(new OwnershipHandoff(profiles.toArray(JobProfile[]::new), runNodes.toArray(NodeId[]::new),
                traces.toArray(MatchTrace[]::new), endedIds.toArray(JobId[]::new),
                endedOutcomes.toArray(JobOutcome[]::new)));
        profiles.clear();
        runNodes.clear();
        traces.clear();
        endedIds.clear();
        endedOutcomes.clear();
        bytes = 0;
    }

    /** The messages, in order. */
    List<OwnershipHandoff> messages() {
        close();
        return done;
    }

    private static long size(JobProfile p) {
        long n = ITEM_OVERHEAD;
        JobCommand c = p.spec().command();
        if (c != null) {
            for (InputFile f : c.inputs()) {
                n += f.size() + f.name().length();
            }
            for (String a : c.argv()) {
                n += 3L * a.length();
            }
            for (String e : c.environment()) {
                n += 3L * e.length();
            }
        }
        return n;
    }

    private static long size(JobOutput o) {
        long n = 3L * (o.stdout().length() + o.stderr().length()) + (o.notes() == null ? 0 : 3L * o.notes().length());
        for (InputFile f : o.files()) {
            n += f.size() + f.name().length();
        }
        return n;
    }
}
