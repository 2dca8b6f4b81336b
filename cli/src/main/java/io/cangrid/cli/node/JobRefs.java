package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.gateway.GridJobList;
import io.cangrid.jobs.gateway.TakenJob;
import io.cangrid.live.client.GridClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The jobs a command's arguments name: job ids as {@code submit} printed them, and cluster ids ({@code c<N>},
 * as {@code submit -f} printed them) standing for every job of the cluster. A cluster is looked up in this
 * machine's record of it first, then in the list of the node asked (the node the cluster came in through
 * lists its newest jobs by their names, {@code N.PROCESS}).
 */
final class JobRefs {

    /**
     * One job named.
     *
     * @param id      its id
     * @param cluster the cluster id it was named by, or null
     * @param record  this machine's record of it, or null
     */
    record Ref(JobId id, String cluster, ClusterRecord.Job record) {
    }

    private JobRefs() {
    }

    static boolean namesCluster(List<String> args) {
        return args.stream().map(String::trim).anyMatch(ClusterRecord::isClusterId);
    }

    static List<Ref> resolve(List<String> args, ClusterOptions clusters, PeerOptions peer) {
        Map<JobId, Ref> refs = new LinkedHashMap<>();
        for (String arg : args) {
            String text = arg.trim();
            if (ClusterRecord.isClusterId(text)) {
                for (Ref r : cluster(text, clusters, peer)) {
                    refs.putIfAbsent(r.id(), r);
                }
            } else {
                JobId id = PeerOptions.jobId(text);
                refs.putIfAbsent(id, new Ref(id, null, null));
            }
        }
        return List.copyOf(refs.values());
    }

    /** The jobs of cluster {@code id}, by process number. */
    static List<Ref> cluster(String id, ClusterOptions clusters, PeerOptions peer) {
        ClusterRecord record;
        try {
            record = ClusterRecord.load(clusters.dir(), id);
        } catch (IOException | RuntimeException e) {
            throw new UserError("cannot read this machine's record of cluster " + id + " in " + clusters.dir() + ": "
                    + e.getMessage(), e);
        }
        List<Ref> refs = new ArrayList<>();
        if (record != null) {
            for (ClusterRecord.Job j : record.jobs()) {
                refs.add(new Ref(PeerOptions.jobId(j.job()), id, j));
            }
            return refs;
        }
        String prefix = ClusterRecord.number(id) + ".";
        GridJobList list = peer.call(GridClient::jobs);
        List<TakenJob> taken = new ArrayList<>(java.util.Arrays.stream(list.jobs())
                .filter(t -> t.name() != null && t.name().startsWith(prefix)).toList());
        if (taken.isEmpty()) {
            throw new UserError("no cluster " + id + ": this machine has no record of it (in " + clusters.dir()
                    + ") and node " + peer.peer() + " lists no job of it (a cluster is listed by the node it was"
                    + " submitted through)");
        }
        taken.sort(Comparator.comparingInt(t -> process(t.name(), prefix)));
        for (TakenJob t : taken) {
            refs.add(new Ref(t.job(), id, null));
        }
        return refs;
    }

    private static int process(String name, String prefix) {
        try {
            return Integer.parseInt(name.substring(prefix.length()));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE; // a name that only looks like the cluster's: listed last
        }
    }

    static List<JobId> ids(List<Ref> refs) {
        return refs.stream().map(Ref::id).toList();
    }
}
