package io.cangrid.cli.dashboard;

import io.cangrid.cli.common.UserError;
import io.cangrid.cli.grid.GridDocuments;
import io.cangrid.cli.common.HostPort;
import io.cangrid.jobs.JobId;
import io.cangrid.live.client.GridClient;
import io.cangrid.live.LiveClient;
import io.cangrid.live.NetConfig;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The dashboard's JSON API, {@code /api/NAME}: each answer is the document the matching client command
 * prints with {@code --json}, got the way that command gets it, by asking the node over the grid's own
 * authenticated protocol. So the HTTP side never touches the node's protocol state, which only the node's
 * thread may. Calls block (the node answers over TCP): run them off Netty's event loop.
 */
final class ApiRoutes implements AutoCloseable {

    static final String PREFIX = "/api/";
    static final List<String> NAMES = List.of("nodes", "node", "jobs", "job", "explain", "history");

    /** An answer: the HTTP status and the value to write as JSON. */
    record Answer(HttpResponseStatus status, Object body) {

        static Answer ok(Object body) {
            return new Answer(HttpResponseStatus.OK, body);
        }

        static Answer error(HttpResponseStatus status, String message) {
            return new Answer(status, Map.of("error", message));
        }
    }

    private final HostPort node;
    private final LiveClient client;
    private final GridClient grid;
    private final LoadHistory history;

    /** Asks the node at {@code node} (the one serving the dashboard), authenticated under {@code net}. */
    ApiRoutes(NetConfig net, HostPort node, LoadHistory history) {
        this.node = node;
        this.client = new LiveClient(net);
        this.grid = new GridClient(net, node.host(), node.port());
        this.history = history;
    }

    static boolean knows(String name) {
        return NAMES.contains(name);
    }

    /** The answer to {@code /api/NAME} with query parameters {@code params}. */
    Answer answer(String name, Map<String, List<String>> params) {
        try {
            return switch (name) {
                case "nodes" -> Answer.ok(GridDocuments.nodes(client, node));
                case "node" -> Answer.ok(GridDocuments.peer(client, node));
                case "jobs" -> Answer.ok(GridDocuments.jobs(grid.jobs()));
                case "job" -> {
                    JobId id = jobId(params);
                    yield Answer.ok(GridDocuments.status(id, grid.status(id)));
                }
                case "explain" -> Answer.ok(GridDocuments.explain(grid, node, jobId(params)));
                case "history" -> Answer.ok(history.json());
                default -> Answer.error(HttpResponseStatus.NOT_FOUND, "no such API: " + PREFIX + name);
            };
        } catch (BadRequest e) {
            return Answer.error(HttpResponseStatus.BAD_REQUEST, e.getMessage());
        } catch (UserError | IOException e) {
            // The node (or the grid behind it) did not answer: the dashboard is a gateway to it.
            return Answer.error(HttpResponseStatus.BAD_GATEWAY, e.getMessage());
        }
    }

    /** One walk of the grid for the chart: every answering node's queue length. */
    LoadHistory.Sample sample(long now) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) GridDocuments.nodes(client, node).get("nodes");
        List<Integer> queues = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            queues.add(((Number) r.get("queueLength")).intValue());
        }
        return LoadHistory.sample(now, queues);
    }

    private static JobId jobId(Map<String, List<String>> params) {
        List<String> ids = params.get("id");
        if (ids == null || ids.isEmpty() || ids.get(0).isBlank()) {
            throw new BadRequest("give the job's id: ?id=JOB");
        }
        try {
            return GridDocuments.liveJobId(ids.get(0).trim());
        } catch (IllegalArgumentException e) {
            throw new BadRequest("'" + ids.get(0) + "' is not a job id: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        grid.close();
        client.close();
    }

    /** The request itself is wrong: a 400, naming what to fix. */
    private static final class BadRequest extends RuntimeException {
        BadRequest(String message) {
            super(message);
        }
    }
}
