package io.cangrid.cli.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the clients of a run across hosts saw, in order, to be checked when the run is over, as a history
 * of operations is checked against a model: every submission with its acknowledgement (the cluster and
 * how many jobs it holds), every status a client read, every result it fetched (through which node), and
 * every view of the zones.
 */
final class History {

    record Submitted(long at, String cluster, int jobs, String through) {
    }

    record Seen(long at, String job, String state, String through) {
    }

    record Result(String job, String stdout, int exitCode, String through) {
    }

    record ZoneView(long at, int nodes, boolean tilingOk, boolean tablesOk) {
    }

    final List<Submitted> submitted = new ArrayList<>();
    final List<String> refused = new ArrayList<>();
    final List<Seen> seen = new ArrayList<>();
    final List<Result> results = new ArrayList<>();
    final List<ZoneView> zones = new ArrayList<>();
    /** Status reads of a job that no owner answered in time. */
    int unanswered;
    /** Status reads an owner answered with "no record", as said. */
    final List<String> noRecord = new ArrayList<>();

    synchronized void submitted(String cluster, int jobs, String through) {
        submitted.add(new Submitted(System.currentTimeMillis(), cluster, jobs, through));
    }

    synchronized void refused(String why) {
        refused.add(why);
    }

    /** A {@code status --json} of clusters: one row per job. */
    synchronized void status(JsonNode doc, String through) {
        long at = System.currentTimeMillis();
        for (JsonNode row : doc.path("jobs")) {
            String state = row.path("state").asText();
            if (state.equals("UNKNOWN") && (row.path("owner").isMissingNode() || row.path("owner").isNull())) {
                // No owner answered in time: the read says nothing of the job (indeterminate, as a timed-out
                // read is in a history), unlike an owner's "no record", which says the job is unknown.
                unanswered++;
                continue;
            }
            if (state.equals("UNKNOWN")) {
                noRecord.add(row.path("job").asText() + " through " + through + ": owner " + row.path("owner").asText()
                        + " said " + row.path("reason").asText());
            }
            seen.add(new Seen(at, row.path("job").asText(), state, through));
        }
    }

    /** A {@code results --json} of clusters. */
    synchronized void results(JsonNode doc, String through) {
        JsonNode rows = doc.has("jobs") ? doc.get("jobs") : doc;
        for (JsonNode row : rows.isArray() ? rows : List.of(rows)) {
            results.add(new Result(row.path("job").asText(), row.path("stdout").asText(null),
                    row.path("exitCode").asInt(-1), through));
        }
    }

    synchronized void zones(JsonNode doc) {
        zones.add(new ZoneView(System.currentTimeMillis(), doc.path("count").asInt(),
                doc.path("tilingOk").asBoolean(), doc.path("neighbourTablesOk").asBoolean()));
    }

    synchronized int acknowledged() {
        return submitted.stream().mapToInt(Submitted::jobs).sum();
    }

    /** Each job's states as seen, in order. */
    synchronized Map<String, List<String>> statesByJob() {
        Map<String, List<String>> by = new LinkedHashMap<>();
        seen.forEach(s -> by.computeIfAbsent(s.job(), k -> new ArrayList<>()).add(s.state()));
        return by;
    }
}
