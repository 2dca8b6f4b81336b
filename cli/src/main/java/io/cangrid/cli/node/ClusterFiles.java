package io.cangrid.cli.node;

import io.cangrid.cli.submit.ClusterRecord;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Puts the results of a submit file's jobs where the file said, as HTCondor does when a job ends: standard
 * output into {@code output}, standard error into {@code error}, output files into the job's directory
 * ({@code initialdir}), and into {@code log} an event log in HTCondor's form (a submit event, then a
 * termination or an abort). Jobs may share a log; each log is written whole from the events of every job
 * fetched, so fetching again does not repeat them.
 */
final class ClusterFiles {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MM/dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final String peer;
    private final Instant submitted;
    private final Map<Path, StringBuilder> logs = new LinkedHashMap<>();

    ClusterFiles(String peer, Instant submitted) {
        this.peer = peer;
        this.submitted = submitted;
    }

    /** Writes what {@code job} left where its submit file said; its log events are kept for {@link #finish}. */
    void put(String cluster, ClusterRecord.Job job, JobStatusReply r) throws IOException {
        Path dir = Path.of(job.directory());
        JobOutput out = r.output();
        if (out != null) {
            if (job.output() != null) {
                ResultFile.replace(dir.resolve(job.output()), out.stdout().getBytes(StandardCharsets.UTF_8));
            }
            if (job.error() != null) {
                ResultFile.replace(dir.resolve(job.error()), out.stderr().getBytes(StandardCharsets.UTF_8));
            }
            for (InputFile f : out.files()) {
                ResultFile.replace(dir.resolve(f.name()), f.content());
            }
        }
        if (job.log() != null) {
            StringBuilder log = logs.computeIfAbsent(dir.resolve(job.log()).normalize(), p -> new StringBuilder());
            String id = String.format("(%s.%03d.000)", cluster.substring(1), job.process());
            log.append("000 ").append(id).append(' ').append(WHEN.format(submitted)).append(" Job submitted from host: <")
                    .append(peer).append(">\n...\n");
            if (r.state() == JobState.COMPLETED && out != null) {
                log.append("005 ").append(id).append(' ').append(WHEN.format(Instant.now())).append(" Job terminated.\n")
                        .append("\t(1) Normal termination (return value ").append(out.exitCode()).append(")\n...\n");
            } else {
                log.append("009 ").append(id).append(' ').append(WHEN.format(Instant.now())).append(" Job was aborted.\n")
                        .append('\t').append(r.state()).append(r.reason() == null ? "" : ": " + r.reason())
                        .append("\n...\n");
            }
        }
    }

    /** Writes the logs of the jobs put. */
    void finish() throws IOException {
        for (Map.Entry<Path, StringBuilder> log : logs.entrySet()) {
            ResultFile.replace(log.getKey(), log.getValue().toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
