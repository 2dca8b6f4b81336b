package io.cangrid.simulator.hygra;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cangrid.hygra.message.FindFailure;
import io.cangrid.hygra.tick.RateResult;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** The results of a HYGRA tick scenario, as JSON for scripts or as a text table. */
public final class HygraReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private HygraReport() {
    }

    public static String json(HygraScenario scenario, List<RateResult> results) {
        ObjectNode root = JSON.createObjectNode();
        root.put("scenario", scenario.name());
        root.put("seed", scenario.settings().seed());
        root.put("deadEnd", scenario.settings().parameters().deadEnd().name());
        root.put("placement", scenario.settings().parameters().placement().name());
        root.put("holeInHistory", scenario.settings().parameters().hole().name());
        root.put("requestPace", scenario.settings().pace().name());
        ArrayNode rates = root.putArray("rates");
        for (RateResult r : results) {
            ObjectNode row = rates.addObject();
            row.put("jobsPerTick", r.jobsPerTick());
            row.put("nReq", r.nReq());
            row.put("nAlloc", r.nAlloc());
            row.put("nRej", r.nRej());
            row.put("nFails", r.nFails());
            row.put("failRatio", r.failRatio());
            row.put("nSteps", r.nSteps());
            row.put("optimality", r.optimality());
            ObjectNode failures = row.putObject("failuresByReason");
            for (FindFailure f : FindFailure.values()) {
                failures.put(f.name(), r.failures().getOrDefault(f, 0L));
            }
        }
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String table(HygraScenario scenario, List<RateResult> results) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%s (seed %d, %s, %s, %s)%n", scenario.name(),
                scenario.settings().seed(), scenario.settings().parameters().deadEnd(),
                scenario.settings().parameters().placement(), scenario.settings().pace()));
        out.append(String.format(Locale.ROOT, "%10s %8s %7s %8s %7s %10s %7s %10s%n", "jobs/tick", "nReq", "nAlloc",
                "nRej", "nFails", "failRatio", "nSteps", "optimality"));
        for (RateResult r : results) {
            out.append(String.format(Locale.ROOT, "%10d %8d %7d %8d %7d %10.4f %7.2f %10.3f%n", r.jobsPerTick(),
                    r.nReq(), r.nAlloc(), r.nRej(), r.nFails(), r.failRatio(), r.nSteps(), r.optimality()));
        }
        return out.toString();
    }
}
