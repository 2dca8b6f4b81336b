package io.cangrid.cli.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValue;
import io.cangrid.cli.common.UserError;
import io.cangrid.jobs.files.FileQuotas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A live node's tunables, from {@code --config FILE} and {@code --set key=value}, under the scenario
 * files' {@code grid.*} keys so a test grid and a simulated one read alike, and the owner policy's
 * {@code owner.*} keys. Unknown keys are refused.
 *
 * @param updatePeriod    neighbour state period ({@code grid.update-period})
 * @param heartbeatPeriod run-node heartbeat period ({@code grid.heartbeat-period}; read for the job layer)
 * @param maxFrameBytes   largest frame on the wire ({@code grid.max-frame-size})
 * @param idleTimeout     idle connections close after this ({@code grid.idle-timeout})
 * @param maxRuns         runs of one job without a result reaching its owner before it ends FAILED
 *                        ({@code grid.max-runs})
 * @param jobMemoryLimit  memory of one job's processes together, 0 for the memory the node offers
 *                        ({@code grid.job.memory-limit})
 * @param jobDiskQuota    what one job's directory may hold ({@code grid.job.disk-quota})
 * @param jobOutputLimit  one job's declared outputs together ({@code grid.job.output-limit})
 * @param jobStreamLimit  kept of one job's stdout, and again of its stderr ({@code grid.job.stream-limit})
 * @param files           the chunk store ({@code grid.files.cache-size}), large outputs kept for clients
 *                        ({@code grid.files.results-size}) and one job's large inputs and outputs
 *                        ({@code grid.files.max-job-input}, {@code grid.files.max-job-output})
 * @param owner           the {@code owner.*} values as written, a key absent when not set: they are parsed
 *                        with the owner options that win over them ({@code OwnerSettings})
 * @param faultsFile      a file of link faults (delay, jitter, loss, one-way cuts; {@code LinkFaults}) the node
 *                        applies to what it sends and reads again while it runs, for tests across hosts; null
 *                        (the default) for none ({@code grid.faults-file})
 */
public record NodeSettings(Duration updatePeriod, Duration heartbeatPeriod, long maxFrameBytes, Duration idleTimeout,
        int maxRuns, long jobMemoryLimit, long jobDiskQuota, long jobOutputLimit, long jobStreamLimit,
        Map<String, String> owner, FileQuotas files, Path faultsFile) {

    private static final Set<String> GRID_KEYS = Set.of("grid.update-period", "grid.heartbeat-period",
            "grid.max-frame-size", "grid.idle-timeout", "grid.max-runs", "grid.job.memory-limit", "grid.job.disk-quota",
            "grid.job.output-limit", "grid.job.stream-limit", "grid.files.cache-size", "grid.files.results-size",
            "grid.files.max-job-input", "grid.files.max-job-output", "grid.faults-file");

    static final Set<String> KEYS = Stream.concat(GRID_KEYS.stream(), OwnerSettings.KEYS.stream())
            .collect(Collectors.toUnmodifiableSet());

    private static final String DEFAULTS = """
            grid.update-period = 10s
            grid.heartbeat-period = 30s
            grid.max-frame-size = 1MiB
            grid.idle-timeout = 120s
            grid.max-runs = 5
            grid.job.memory-limit = 0
            grid.job.disk-quota = 10GiB
            grid.job.output-limit = 256KiB
            grid.job.stream-limit = 64KiB
            grid.files.cache-size = 10GiB
            grid.files.results-size = 10GiB
            grid.files.max-job-input = 4GiB
            grid.files.max-job-output = 4GiB
            """;

    public static NodeSettings load(Path file, List<String> sets) {
        Config overrides = ConfigFactory.empty();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new UserError("--set '" + s + "' is not key=value");
            }
            try {
                overrides = ConfigFactory.parseString(s.substring(0, eq).trim() + " = \"" + s.substring(eq + 1).trim()
                        + "\"").withFallback(overrides);
            } catch (ConfigException e) {
                throw new UserError("--set '" + s + "': " + e.getMessage());
            }
        }
        Config fromFile = ConfigFactory.empty();
        if (file != null) {
            if (!Files.isReadable(file)) {
                throw new UserError("cannot read node configuration " + file);
            }
            try {
                fromFile = ConfigFactory.parseFile(file.toFile());
            } catch (ConfigException e) {
                throw new UserError(file + ": " + e.getMessage());
            }
        }
        Config merged = overrides.withFallback(fromFile);
        for (Map.Entry<String, ConfigValue> e : merged.entrySet()) {
            if (!KEYS.contains(e.getKey())) {
                throw new UserError("unknown node setting '" + e.getKey() + "'" + (file != null ? " (" + file + " or --set)" : "")
                        + "; known: " + String.join(", ", KEYS.stream().sorted().toList()));
            }
        }
        Config c = merged.withFallback(ConfigFactory.parseString(DEFAULTS)).resolve();
        try {
            NodeSettings s = new NodeSettings(c.getDuration("grid.update-period"), c.getDuration("grid.heartbeat-period"),
                    c.getMemorySize("grid.max-frame-size").toBytes(), c.getDuration("grid.idle-timeout"),
                    c.getInt("grid.max-runs"), c.getMemorySize("grid.job.memory-limit").toBytes(),
                    c.getMemorySize("grid.job.disk-quota").toBytes(), c.getMemorySize("grid.job.output-limit").toBytes(),
                    c.getMemorySize("grid.job.stream-limit").toBytes(), ownerValues(c), fileQuotas(c),
                    c.hasPath("grid.faults-file") ? Path.of(c.getString("grid.faults-file")) : null);
            if (s.updatePeriod.toMillis() <= 0 || s.heartbeatPeriod.toMillis() <= 0 || s.idleTimeout.toMillis() <= 0) {
                throw new UserError("grid periods and timeouts must be positive");
            }
            if (s.maxFrameBytes < 1024 || s.maxFrameBytes > (64L << 20)) {
                throw new UserError("grid.max-frame-size must be between 1KiB and 64MiB, was " + s.maxFrameBytes);
            }
            if (s.maxRuns < 1) {
                throw new UserError("grid.max-runs must be at least 1, was " + s.maxRuns);
            }
            if (s.jobDiskQuota < 1 || s.jobOutputLimit > Integer.MAX_VALUE || s.jobStreamLimit > Integer.MAX_VALUE) {
                throw new UserError("grid.job.disk-quota must be positive, grid.job.output-limit and"
                        + " grid.job.stream-limit at most 2GiB");
            }
            return s;
        } catch (ConfigException e) {
            throw new UserError("node setting: " + e.getMessage());
        } catch (java.nio.file.InvalidPathException e) {
            throw new UserError("grid.faults-file: " + e.getMessage());
        }
    }

    private static FileQuotas fileQuotas(Config c) {
        try {
            return new FileQuotas(c.getMemorySize("grid.files.cache-size").toBytes(),
                    c.getMemorySize("grid.files.results-size").toBytes(),
                    c.getMemorySize("grid.files.max-job-input").toBytes(),
                    c.getMemorySize("grid.files.max-job-output").toBytes());
        } catch (IllegalArgumentException e) {
            throw new UserError("grid.files.cache-size and grid.files.results-size must be positive: " + e.getMessage());
        }
    }

    /** The {@code owner.*} values given, as text: a number ({@code max-cpu = 25}) or a word ({@code off}) alike. */
    private static Map<String, String> ownerValues(Config c) {
        Map<String, String> given = new HashMap<>();
        for (String key : OwnerSettings.KEYS) {
            if (c.hasPath(key)) {
                given.put(key, c.getString(key));
            }
        }
        return Map.copyOf(given);
    }
}
