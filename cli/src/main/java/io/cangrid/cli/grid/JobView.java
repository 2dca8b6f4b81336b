package io.cangrid.cli.grid;

import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.message.JobStatusReply;
import java.util.LinkedHashMap;
import java.util.Map;

/** A job's status as the job commands print it: a map in a fixed order for JSON, a line for people. */
public final class JobView {

    private JobView() {
    }

    public static Map<String, Object> of(JobId id, JobStatusReply r) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("job", id.toString());
        v.put("state", r == null || r.state() == null ? "UNKNOWN" : r.state().name());
        v.put("exitCode", r == null || r.output() == null ? null : r.output().exitCode());
        v.put("owner", r == null ? null : address(r.owner()));
        v.put("runNode", r == null ? null : address(r.runNode()));
        v.put("reason", r == null ? "no answer" : r.reason());
        v.put("waitMillis", r == null || r.waitMillis() < 0 ? null : r.waitMillis());
        v.put("runs", r == null || r.runs() <= 0 ? null : r.runs());
        // Why the run node's owner keeps the job from running: "suspended: owner active since 12:03:04".
        v.put("held", r == null || r.state() == null || r.state().isTerminal() ? null : r.held());
        return v;
    }

    public static String line(Map<String, Object> v) {
        StringBuilder sb = new StringBuilder().append(v.get("job")).append(' ').append(v.get("state"));
        if (v.get("held") != null) {
            sb.append(" (").append(v.get("held")).append(')');
        }
        if (v.get("exitCode") != null) {
            sb.append(" exit ").append(v.get("exitCode"));
        }
        if (v.get("runNode") != null) {
            sb.append(" on ").append(v.get("runNode"));
        }
        if (v.get("owner") != null) {
            sb.append(" (owner ").append(v.get("owner")).append(')');
        }
        if (v.get("runs") instanceof Integer runs && runs > 1) {
            sb.append(", ran as many as ").append(runs).append(" times (runs lost or resubmitted)");
        }
        if (v.get("reason") != null) {
            sb.append(": ").append(v.get("reason"));
        }
        return sb.toString();
    }

    private static String address(NodeId n) {
        return n == null ? null : n.hasAddress() ? n.host() + ":" + n.port() : n.shortName();
    }
}
