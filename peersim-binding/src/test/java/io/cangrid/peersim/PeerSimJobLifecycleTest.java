package io.cangrid.peersim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.suite.JobGridUnderTest;
import io.cangrid.jobs.suite.JobLifecycleSuite;
import io.cangrid.overlay.resource.Requirements;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job life-cycle suite on PeerSim: PeerSim 1.0.5 runs in a JVM of its own (one configuration per JVM, as
 * PeerSim needs), hosting grid nodes through the binding ({@link PeerSimRuntime}, {@link GridProtocol}, the
 * session's network model), and a {@link LifecycleControl} there carries out the suite's steps one at a
 * time; see {@link LifecycleGrid} for the grid. The seed is {@value #DEFAULT_SEED} unless
 * {@code -Dcangrid.peersim.seed} says otherwise; a failure names it.
 */
class PeerSimJobLifecycleTest extends JobLifecycleSuite {

    static final long DEFAULT_SEED = 7;

    @TempDir
    Path dir;

    @Override
    protected JobGridUnderTest newGrid() {
        return new PeerSimJobGrid(dir, Long.getLong("cangrid.peersim.seed", DEFAULT_SEED));
    }

    /** The suite's grid in a PeerSim JVM, step by step: each call is one command and its answer. */
    static final class PeerSimJobGrid implements JobGridUnderTest {

        private static final ObjectMapper JSON = new ObjectMapper();
        /** Wall-clock bound of one command: simulated waits are bounded in the PeerSim JVM, and short. */
        private static final long ANSWER_SECONDS = 120;
        /** Put after the last answer, once PeerSim's output has ended. */
        private static final String ENDED = "";

        private final Path dir;
        private final long seed;
        private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        private Process process;
        private Writer commands;

        PeerSimJobGrid(Path dir, long seed) {
            this.dir = dir;
            this.seed = seed;
        }

        @Override
        public String describe() {
            return "PeerSim, seed " + seed + " (repeat with -Dcangrid.peersim.seed=" + seed + "); PeerSim's log: "
                    + dir.resolve("stderr.txt");
        }

        @Override
        public void start(int nodes) throws Exception {
            Path config = dir.resolve("lifecycle.cfg");
            Files.writeString(config, String.join("\n",
                    "simulation.experiments 1",
                    "simulation.endtime 1000000000000",
                    "random.seed " + seed,
                    "network.size 0",
                    "protocol.transport io.cangrid.peersim.CountingTransport",
                    "protocol.grid io.cangrid.peersim.GridProtocol",
                    "protocol.grid.transport transport",
                    "control.suite io.cangrid.peersim.LifecycleControl",
                    "control.suite.protocol grid",
                    "control.suite.seed " + seed,
                    "control.suite.step 100", ""));
            // PeerSim starts in the test's directory: a relative entry of this class path would not be found there.
            String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                    .map(p -> Path.of(p).toAbsolutePath().toString()).collect(Collectors.joining(File.pathSeparator));
            process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                    "-cp", classPath, "peersim.Simulator", config.toString())
                    .directory(dir.toFile()).redirectError(dir.resolve("stderr.txt").toFile()).start();
            commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        if (line.startsWith(LifecycleControl.ANSWER)) {
                            answers.add(line.substring(LifecycleControl.ANSWER.length()));
                        }
                    }
                } catch (IOException e) {
                    // The process ended: a command still waiting says so.
                }
                answers.add(ENDED);
            }, "peersim-answers");
            reader.setDaemon(true);
            reader.start();
            call(command("start").put("nodes", nodes));
        }

        private static ObjectNode command(String op) {
            return JSON.createObjectNode().put("op", op);
        }

        private ObjectNode command(String op, JobId job) {
            return command(op).put("job", job.toString());
        }

        /** Sends one command and returns the value of its answer; fails on an error, or if none comes in time. */
        private JsonNode call(ObjectNode command) throws IOException, InterruptedException {
            commands.write(command + "\n");
            commands.flush();
            String answer = answers.poll(ANSWER_SECONDS, TimeUnit.SECONDS);
            if (answer == null || answer.equals(ENDED)) {
                answers.add(ENDED);
                process.waitFor(5, TimeUnit.SECONDS);
                throw new AssertionError("PeerSim " + (process.isAlive() ? "did not answer " + command + " within "
                        + ANSWER_SECONDS + " s" : "ended (exit " + process.exitValue() + ") before answering "
                        + command) + "; its log ends with:\n" + tail());
            }
            JsonNode a = JSON.readTree(answer);
            if (!a.get("ok").asBoolean()) {
                throw new AssertionError("PeerSim: " + a.get("error").asText());
            }
            return a.get("value");
        }

        private String tail() throws IOException {
            List<String> lines = Files.readAllLines(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        }

        @Override
        public JobSpec job(String name, int heartbeats) {
            double seconds = heartbeats * LifecycleGrid.JOBS.heartbeatMillis() / 1000.0;
            return JobSpec.forSchema(LifecycleGrid.SCHEMA, Requirements.none(LifecycleGrid.SCHEMA.realDimensions()),
                    seconds, name);
        }

        @Override
        public String expectedOutput(String name) {
            return null;
        }

        @Override
        public JobId submit(int through, JobSpec spec) throws Exception {
            return JobId.parse(call(command("submit").put("through", through).put("name", spec.name())
                    .put("work", spec.work())).asText());
        }

        @Override
        public JobId submitPlaced(int through, int owner, JobSpec spec) throws Exception {
            return JobId.parse(call(command("submitPlaced").put("through", through).put("owner", owner)
                    .put("name", spec.name()).put("work", spec.work())).asText());
        }

        @Override
        public Roles awaitRunning(JobId job) throws Exception {
            JsonNode r = call(command("awaitRunning", job));
            return new Roles(r.get("injection").asInt(), r.get("owner").asInt(), r.get("runNode").asInt());
        }

        @Override
        public void crash(int node) throws Exception {
            call(command("crash").put("node", node));
        }

        @Override
        public void restart(int node) throws Exception {
            call(command("restart").put("node", node));
        }

        @Override
        public Cancelled cancel(JobId job, int through) throws Exception {
            JsonNode r = call(command("cancel", job).put("through", through));
            return new Cancelled(r.get("cancelled").asBoolean(), state(r.get("state")));
        }

        @Override
        public Outcome awaitEnd(JobId job, int through) throws Exception {
            JsonNode r = call(command("awaitEnd", job));
            return new Outcome(state(r.get("state")), r.get("runNode").asInt(), null);
        }

        private static JobState state(JsonNode s) {
            return s == null || s.isNull() ? null : JobState.valueOf(s.asText());
        }

        @Override
        public void settle() throws Exception {
            call(command("settle"));
        }

        @Override
        public List<JobState> endings(JobId job) throws Exception {
            List<JobState> states = new ArrayList<>();
            call(command("endings", job)).forEach(s -> states.add(state(s)));
            return states;
        }

        @Override
        public List<Integer> starts(JobId job) throws Exception {
            return ints(call(command("starts", job)));
        }

        @Override
        public List<Integer> attempts(JobId job) throws Exception {
            return ints(call(command("attempts", job)));
        }

        private static List<Integer> ints(JsonNode array) {
            List<Integer> out = new ArrayList<>();
            array.forEach(n -> out.add(n.asInt()));
            return out;
        }

        @Override
        public boolean isRunning(JobId job) throws Exception {
            return call(command("isRunning", job)).asBoolean();
        }

        @Override
        public Optional<String> messageLossUnsupported() {
            return Optional.empty();
        }

        @Override
        public void loseMessages(double probability) throws Exception {
            call(command("loseMessages").put("probability", probability));
        }

        @Override
        public long messagesLost() throws Exception {
            return call(command("messagesLost")).asLong();
        }

        @Override
        public void close() {
            if (process == null) {
                return;
            }
            try {
                commands.write(command("close") + "\n");
                commands.close();
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // Ended or ending: it is killed below either way.
            } finally {
                process.destroyForcibly();
                try {
                    process.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
