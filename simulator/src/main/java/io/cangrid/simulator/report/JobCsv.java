package io.cangrid.simulator.report;

import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.ad.Value;
import io.cangrid.simulator.experiment.RunKey;
import io.cangrid.simulator.experiment.RunResult;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.simulator.metrics.JobOutcome;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * One run's jobs, one row each, in the order they were submitted. Times are seconds since the workload
 * started; a blank cell is something that never happened. A job whose client never learned its final
 * state reads {@code LOST}. The last four columns name the node the job first started on and what that node
 * offers (blank if it never started, or the runtime did not say), to see how well placement fits jobs.
 * Where nodes published ads, three more follow: the job's requirements as written (quoted), and the
 * operating system and architecture of the node it first started on, so that anyone can check from the
 * file alone that every job ran where its requirements hold.
 */
public final class JobCsv {

    static final String HEADER = "id,cpu,memoryMib,diskGib,work,submitted,assigned,started,finished,wait,"
            + "matchmaking,hops,queueAhead,pushed,state,attempts,runNode,runCpu,runMemoryMib,runDiskGib";

    private JobCsv() {
    }

    /** {@code jobs-CAN-load0.70.csv}, {@code jobs-CAN-load0.70-departures0.10.csv}. */
    public static String fileName(RunKey key) {
        String churn = key.variant().isStatic() ? "" : "-" + key.variant().label();
        return String.format(Locale.ROOT, "jobs-%s-load%.2f%s.csv", key.locator(), key.load(), churn);
    }

    /** The columns added where nodes published ads. */
    static final String AD_COLUMNS = ",requirements,runOpSys,runArch";

    public static void write(RunResult run, Writer out) throws IOException {
        long start = run.stats().workloadStartMillis();
        boolean ads = !run.stats().machines().isEmpty();
        out.write(ads ? HEADER + AD_COLUMNS : HEADER);
        out.write('\n');
        for (JobOutcome o : run.jobs()) {
            Capabilities ran = o.runNode() == null ? null : run.stats().capabilities().get(o.runNode());
            out.write(String.join(",",
                    o.id().toString(),
                    number(o.spec().requirements().get(0)),
                    number(o.spec().requirements().get(1)),
                    number(o.spec().requirements().get(2)),
                    number(o.spec().work()),
                    seconds(o.submittedAt() - start),
                    o.wasAssigned() ? seconds(o.assignedAt() - start) : "",
                    o.wasStarted() ? seconds(o.startedAt() - start) : "",
                    o.finishedAt() != JobOutcome.NEVER ? seconds(o.finishedAt() - start) : "",
                    o.wasStarted() ? seconds(o.waitMillis()) : "",
                    o.wasAssigned() ? seconds(o.matchmakingMillis()) : "",
                    o.wasAssigned() ? Integer.toString(o.hops()) : "",
                    o.wasAssigned() ? Integer.toString(o.queueAhead()) : "",
                    o.wasAssigned() ? Boolean.toString(o.pushed()) : "",
                    o.isLost() ? "LOST" : o.state().name(),
                    Integer.toString(o.attempts()),
                    o.runNode() == null ? "" : Long.toString(o.runNode().value()),
                    ran == null ? "" : number(ran.get(0)),
                    ran == null ? "" : number(ran.get(1)),
                    ran == null ? "" : number(ran.get(2))));
            if (ads) {
                MachineAd machine = o.runNode() == null ? null : run.stats().machines().get(o.runNode());
                String requirements = o.spec().expressions().requirements();
                out.write("," + (requirements == null ? "" : quoted(requirements)) + ","
                        + (machine == null ? "" : text(machine.ad().evaluate("OpSys"))) + ","
                        + (machine == null ? "" : text(machine.ad().evaluate("Arch"))));
            }
            out.write('\n');
        }
    }

    /** A CSV field in quotes, its quotes doubled (RFC 4180). */
    private static String quoted(String field) {
        return '"' + field.replace("\"", "\"\"") + '"';
    }

    /** A string attribute's characters (names carry no comma), or blank when it is not a string. */
    private static String text(Value v) {
        return v instanceof Value.StringValue s ? s.value() : "";
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
