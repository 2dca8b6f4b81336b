package io.cangrid.cli.node;

import io.cangrid.cli.submit.ExpandedJob;
import io.cangrid.cli.submit.SubmitFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The most any node of the grid offers, dimension by dimension, as a walk of the grid found it: a job of a
 * submit file that asks more than that is refused before anything is sent, at the line of its request.
 *
 * @param nodes     nodes found
 * @param cores     most cores a node lends (0: no node said)
 * @param memoryMiB most memory
 * @param diskGiB   most disk
 */
record LargestNode(int nodes, int cores, double memoryMiB, double diskGiB) {

    /** From {@code nodes --json}'s document of the grid. */
    @SuppressWarnings("unchecked")
    static LargestNode of(Map<String, Object> grid) {
        int cores = 0;
        double memory = 0;
        double disk = 0;
        List<Map<String, Object>> rows = (List<Map<String, Object>>) grid.get("nodes");
        for (Map<String, Object> row : rows) {
            Map<String, Object> caps = (Map<String, Object>) row.get("capabilities");
            if (caps == null) {
                continue;
            }
            cores = Math.max(cores, number(caps.get("cores")).intValue());
            memory = Math.max(memory, number(caps.get("memoryMiB")).doubleValue());
            disk = Math.max(disk, number(caps.get("diskGiB")).doubleValue());
        }
        return new LargestNode(rows.size(), cores, memory, disk);
    }

    private static Number number(Object o) {
        return o instanceof Number n ? n : 0;
    }

    /** Refuses the first job that asks more than every node offers. */
    void check(Path file, List<ExpandedJob> jobs) {
        for (ExpandedJob j : jobs) {
            String job = "job " + j.cluster() + "." + j.process();
            if (cores > 0 && j.requestCpus() > cores) {
                throw new SubmitFileException(file, j.line("request_cpus"), job + ": request_cpus = " + j.requestCpus()
                        + " but no node of the grid lends more than " + cores + " cores (" + nodes + " nodes found)");
            }
            if (j.requestMemoryMib() != null && memoryMiB > 0 && j.requestMemoryMib() > memoryMiB) {
                throw new SubmitFileException(file, j.line("request_memory"), job + ": request_memory = "
                        + j.requestMemoryMib() + " MiB but no node of the grid offers more than " + (long) memoryMiB
                        + " MiB (" + nodes + " nodes found)");
            }
            if (j.requestDiskKib() != null && diskGiB > 0 && j.requestDiskKib() / (double) (1L << 20) > diskGiB) {
                throw new SubmitFileException(file, j.line("request_disk"), job + ": request_disk = "
                        + j.requestDiskKib() + " KiB but no node of the grid offers more than " + diskGiB + " GiB ("
                        + nodes + " nodes found)");
            }
        }
    }
}
