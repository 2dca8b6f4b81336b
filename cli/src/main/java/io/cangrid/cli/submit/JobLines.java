package io.cangrid.cli.submit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints jobs one JSON object a line, with HTCondor's names for the fields (units in the names where
 * HTCondor leaves them implicit), in a fixed order so that output can be diffed.
 */
public final class JobLines {

    private static final ObjectWriter WRITER = JsonMapper.builder().build().writer();

    private JobLines() {
    }

    /** {@code job} as one line of JSON, without a line end. */
    public static String toJson(ExpandedJob job) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("cluster", job.cluster());
        fields.put("process", job.process());
        fields.put("executable", job.executable());
        fields.put("arguments", job.arguments());
        fields.put("environment", job.environment());
        fields.put("transfer_input_files", job.transferInputFiles());
        fields.put("transfer_output_files", job.transferOutputFiles());
        fields.put("request_cpus", job.requestCpus());
        fields.put("request_memory_mib", job.requestMemoryMib());
        fields.put("request_disk_kib", job.requestDiskKib());
        fields.put("output", job.output());
        fields.put("error", job.error());
        fields.put("log", job.log());
        fields.put("initialdir", job.initialdir());
        // Written only when the file gives them, as condor_submit -dry-run shows what is set.
        if (job.requirements() != null) {
            fields.put("requirements", job.requirements());
        }
        if (job.rank() != null) {
            fields.put("rank", job.rank());
        }
        try {
            return WRITER.writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write job " + job.process() + " as JSON", e);
        }
    }

    /** Prints each job on its own line and flushes. */
    public static void print(PrintWriter out, List<ExpandedJob> jobs) {
        for (ExpandedJob job : jobs) {
            out.println(toJson(job));
        }
        out.flush();
    }
}
