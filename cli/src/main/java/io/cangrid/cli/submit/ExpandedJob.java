package io.cangrid.cli.submit;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One job a submit file expands to. Paths are as the file writes them (expanded), relative to
 * {@code initialdir}, which is relative to the submit file's directory.
 *
 * @param cluster             the cluster number; a dry run numbers its first cluster 1
 * @param process             the job's number in its cluster, from 0
 * @param executable          the program the job runs
 * @param arguments           its arguments, one element each
 * @param environment         variables set for it, in the order written
 * @param transferInputFiles  files sent with the job
 * @param transferOutputFiles files the job writes, collected with its result
 * @param requestCpus         cores it asks (1 unless written)
 * @param requestMemoryMib    memory it asks, in MiB; null if not written
 * @param requestDiskKib      disk it asks, in KiB as HTCondor counts it; null if not written
 * @param output              where its standard output goes; null if not written
 * @param error               where its standard error goes; null if not written
 * @param log                 its event log; null if not written
 * @param initialdir          its directory; null if not written (the submit file's directory)
 * @param directory           the directory its files are relative to, absolute: initialdir resolved
 * @param lines               the line each command it uses was written on, and "queue": its queue statement's
 * @param requirements        what a machine must satisfy (ClassAd language); null if not written
 * @param rank                how much it prefers a machine; null if not written
 */
public record ExpandedJob(int cluster, int process, String executable, List<String> arguments,
                          Map<String, String> environment, List<String> transferInputFiles,
                          List<String> transferOutputFiles, int requestCpus, Long requestMemoryMib,
                          Long requestDiskKib, String output, String error, String log, String initialdir,
                          Path directory, Map<String, Integer> lines, String requirements, String rank) {

    /** The line {@code command} was written on, else the queue statement's: where a problem with it is shown. */
    public int line(String command) {
        Integer l = lines.get(command);
        return l != null ? l : lines.getOrDefault("queue", 0);
    }
}
