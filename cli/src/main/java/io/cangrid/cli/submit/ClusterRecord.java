package io.cangrid.cli.submit;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What the submitting machine keeps of a cluster: its jobs' ids and, per job, where its {@code output},
 * {@code error} and {@code log} go and the directory its files are relative to, which {@code results} needs
 * to put them there. One JSON file per cluster, {@code c<number>.json}, in the clusters directory. A cluster id
 * is also usable from any other machine, as far as the node the cluster came in through still lists it.
 *
 * @param cluster   the cluster id, {@code c<number>}
 * @param peer      the node it was submitted through, host:port
 * @param file      the submit file, absolute
 * @param submitted when, as ISO-8601
 * @param jobs      its jobs, by process number
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterRecord(String cluster, String peer, String file, String submitted, List<Job> jobs) {

    /** {@code c} and the cluster's number. */
    private static final Pattern ID = Pattern.compile("c[1-9][0-9]{0,9}");
    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    /**
     * One job of the cluster.
     *
     * @param process   its process number
     * @param job       its job id
     * @param directory the directory its output, error, log and output files are relative to, absolute
     * @param output    where its standard output is written, or null
     * @param error     where its standard error is written, or null
     * @param log       its event log, or null
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Job(int process, String job, String directory, String output, String error, String log) {
    }

    /** Whether {@code text} is a cluster id rather than a job id. */
    public static boolean isClusterId(String text) {
        return ID.matcher(text).matches();
    }

    public static String clusterId(int number) {
        return "c" + number;
    }

    /** The number of cluster id {@code id}. */
    public static int number(String id) {
        return Integer.parseInt(id.substring(1));
    }

    /** The record of cluster {@code id} in {@code dir}, or null when this machine has none. */
    public static ClusterRecord load(Path dir, String id) throws IOException {
        Path f = dir.resolve(id + ".json");
        if (!Files.isRegularFile(f)) {
            return null;
        }
        return JSON.readValue(f.toFile(), ClusterRecord.class);
    }

    /** Writes this record into {@code dir} (made if missing), whole or not at all. */
    public void save(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, cluster, ".tmp");
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), this);
            try {
                Files.move(tmp, dir.resolve(cluster + ".json"), StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir.resolve(cluster + ".json"), StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
