package io.cangrid.peersim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * PeerSim run in a JVM of its own, as PeerSim needs (one configuration per JVM), from the repository's
 * root with the test class path; its output is kept in files. A run that outlives its time limit is
 * killed, and so is any run still going when the test ends.
 */
final class PeerSimProcess {

    /** What a finished run printed, and how it exited. */
    record Outcome(int exitCode, String stdout, String stderr) {
    }

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    private PeerSimProcess() {
    }

    static Outcome run(Path workDir, long timeoutSeconds, String config, String... overrides)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), "peersim.Simulator", config));
        command.addAll(List.of(overrides));
        Path out = workDir.resolve("stdout.txt");
        Path err = workDir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).directory(ROOT.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new AssertionError("PeerSim did not finish " + config + " within " + timeoutSeconds + " s; its "
                        + "log ends with:\n" + tail(err));
            }
            return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String tail(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }
}
