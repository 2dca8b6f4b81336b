package io.cangrid.cli.hosts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a {@link History} afterwards, as a model checker of a database's history would: what it finds
 * wrong is a list of sentences, empty when the run kept every promise. Acknowledged jobs must all be known
 * at the end and COMPLETED, never seen in another state after COMPLETED, with exactly one result: every
 * fetch of a job's result, through whichever node, must give the same output (a job that ran twice to two
 * outputs would show two). The zones must tile the space with exact neighbour tables in the last view.
 */
final class Checker {

    private static final Set<String> ENDED = Set.of("COMPLETED", "FAILED", "CANCELLED", "NO_MATCH");

    private Checker() {
    }

    static List<String> check(History h, int expectedNodes) {
        List<String> wrong = new ArrayList<>();
        Map<String, List<String>> states = h.statesByJob();
        int acknowledged = h.acknowledged();
        if (acknowledged == 0) {
            wrong.add("no job was acknowledged");
        }
        long finalRows = states.size();
        if (finalRows != acknowledged) {
            wrong.add(acknowledged + " jobs acknowledged, but status reads name " + finalRows);
        }
        states.forEach((job, seen) -> {
            String last = seen.get(seen.size() - 1);
            if (!last.equals("COMPLETED")) {
                wrong.add(job + " ended " + last + " (seen " + seen + ")");
            }
            int ended = seen.indexOf("COMPLETED");
            if (ended >= 0 && seen.subList(ended, seen.size()).stream().anyMatch(s -> !s.equals("COMPLETED"))) {
                wrong.add(job + " was COMPLETED, then seen " + seen.subList(ended, seen.size()));
            }
            for (String s : seen) {
                if (ENDED.contains(s) && !s.equals("COMPLETED")) {
                    wrong.add(job + " was seen " + s);
                    break;
                }
            }
        });
        Map<String, String> output = new HashMap<>();
        Map<String, Integer> fetches = new HashMap<>();
        for (History.Result r : h.results) {
            fetches.merge(r.job(), 1, Integer::sum);
            if (r.stdout() == null || r.exitCode() != 0) {
                wrong.add(r.job() + ": fetched through " + r.through() + " without a result of exit code 0 ("
                        + r.exitCode() + ")");
                continue;
            }
            String before = output.putIfAbsent(r.job(), r.stdout());
            if (before != null && !before.equals(r.stdout())) {
                wrong.add(r.job() + " has two results: '" + before.strip() + "' and '" + r.stdout().strip()
                        + "' (the second through " + r.through() + ")");
            }
        }
        for (String job : states.keySet()) {
            if (fetches.getOrDefault(job, 0) < 2) {
                wrong.add(job + ": its result was fetched " + fetches.getOrDefault(job, 0)
                        + " time(s), not through two nodes");
            }
        }
        if (h.zones.isEmpty()) {
            wrong.add("no view of the zones was taken");
        } else {
            History.ZoneView last = h.zones.get(h.zones.size() - 1);
            if (last.nodes() != expectedNodes || !last.tilingOk() || !last.tablesOk()) {
                wrong.add("the last view of the zones: " + last + ", " + expectedNodes + " nodes expected");
            }
        }
        return wrong;
    }
}
