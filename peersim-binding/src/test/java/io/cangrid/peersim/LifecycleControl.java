package io.cangrid.peersim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cangrid.jobs.JobId;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import peersim.config.Configuration;
import peersim.core.CommonState;
import peersim.core.Control;

/**
 * The PeerSim side of {@code PeerSimJobLifecycleTest}: a control, run once a step on PeerSim's thread,
 * that takes the test's commands one JSON line at a time from standard input and answers each with one line
 * on standard output that starts with {@link #ANSWER}. A command that needs time to pass (a job to run, to
 * end, the grid to settle) is answered at the first step it is done, or with an error once
 * {@link #WAIT_LIMIT_MILLIS} of simulated time passed; meanwhile the control lets PeerSim run. The command
 * {@code close}, or the end of the input, ends the experiment.
 *
 * <p>Parameters, under {@code control.NAME}: {@code protocol} (the {@link GridProtocol}), {@code seed},
 * {@code step} (PeerSim's: how often waits are checked).
 */
public final class LifecycleControl implements Control {

    /** How every answer line starts; anything else on standard output is PeerSim's or a log's. */
    static final String ANSWER = "@lifecycle ";
    static final long WAIT_LIMIT_MILLIS = 3_600_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final int pid;
    private final long seed;
    private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    private final PrintStream out = System.out;
    private LifecycleGrid grid;
    private LifecycleGrid.Wait waiting;
    private String waitingFor;
    private long deadline;

    public LifecycleControl(String prefix) {
        this.pid = Configuration.getPid(prefix + ".protocol");
        this.seed = Configuration.getLong(prefix + ".seed", 1);
    }

    @Override
    public boolean execute() {
        if (grid == null) {
            grid = new LifecycleGrid(new PeerSimRuntime(pid, seed), seed);
        }
        if (waiting != null && !poll()) {
            return false;
        }
        while (true) {
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (line == null || line.isBlank()) {
                return true;
            }
            try {
                JsonNode command = JSON.readTree(line);
                if (command.get("op").asText().equals("close")) {
                    print(JSON.createObjectNode().put("ok", true));
                    return true;
                }
                Object result = run(command);
                if (result instanceof LifecycleGrid.Wait w) {
                    waiting = w;
                    waitingFor = line;
                    deadline = CommonState.getTime() + WAIT_LIMIT_MILLIS;
                    if (!poll()) {
                        return false;
                    }
                } else {
                    answer(result);
                }
            } catch (IOException | RuntimeException e) {
                error(line, e);
            }
        }
    }

    /** Polls the command waiting; answers it when done or out of time. Returns whether it is over. */
    private boolean poll() {
        Object result;
        try {
            result = waiting.poll();
        } catch (RuntimeException e) {
            waiting = null;
            error(waitingFor, e);
            return true;
        }
        if (result == null && CommonState.getTime() < deadline) {
            return false;
        }
        waiting = null;
        if (result == null) {
            error(waitingFor, new IllegalStateException("not done within " + WAIT_LIMIT_MILLIS
                    + " ms of simulated time (now " + CommonState.getTime() + " ms)"));
        } else {
            answer(result);
        }
        return true;
    }

    private Object run(JsonNode c) {
        return switch (c.get("op").asText()) {
            case "start" -> grid.start(c.get("nodes").asInt());
            case "submit" -> grid.submit(c.get("through").asInt(), c.get("name").asText(), c.get("work").asDouble());
            case "submitPlaced" -> grid.submitPlaced(c.get("through").asInt(), c.get("owner").asInt(),
                    c.get("name").asText(), c.get("work").asDouble());
            case "awaitRunning" -> grid.awaitRunning(job(c));
            case "crash" -> grid.crash(c.get("node").asInt());
            case "restart" -> grid.restart(c.get("node").asInt());
            case "cancel" -> grid.cancel(job(c), c.get("through").asInt());
            case "awaitEnd" -> grid.awaitEnd(job(c));
            case "settle" -> grid.settle();
            case "endings" -> grid.endings(job(c));
            case "starts" -> grid.starts(job(c));
            case "attempts" -> grid.attempts(job(c));
            case "isRunning" -> grid.isRunning(job(c));
            case "loseMessages" -> grid.loseMessages(c.get("probability").asDouble());
            case "messagesLost" -> grid.messagesLost();
            default -> throw new IllegalArgumentException("unknown command " + c);
        };
    }

    private static JobId job(JsonNode c) {
        return JobId.parse(c.get("job").asText());
    }

    private void answer(Object value) {
        ObjectNode a = JSON.createObjectNode().put("ok", true);
        a.set("value", JSON.valueToTree(value));
        print(a);
    }

    private void error(String command, Exception e) {
        print(JSON.createObjectNode().put("ok", false).put("error", command + " failed at " + CommonState.getTime()
                + " ms: " + e));
    }

    private void print(JsonNode line) {
        out.println(ANSWER + line);
        out.flush();
    }
}
