package io.cangrid.cli.node;

import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.grid.GridDocuments;

import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.live.LiveClient;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid nodes}: the whole grid, found by walking neighbour tables from one node. A CAN grid is
 * checked with the simulation's own inspector (tiling, neighbour tables) on what the nodes report; a HYGRA
 * grid for its degree limits and for links known on both ends.
 */
@Command(name = "nodes", description = "Show the whole grid, walked from one node, with tiling and neighbour-table checks.")
public final class NodesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private ClientOptions client;

    @Option(names = "--peer", required = true, paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "The node to start from.")
    private HostPort peer;

    @Override
    public Integer call() {
        Map<String, Object> out;
        try (LiveClient c = client.liveClient()) {
            out = GridDocuments.nodes(c, peer);
        }
        if (json.enabled()) {
            JsonOutput.print(spec, out);
        } else {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rows = (List<Map<String, Object>>) out.get("nodes");
            print(spec.commandLine().getOut(), rows, out);
        }
        return 0;
    }

    private static void print(PrintWriter w, List<Map<String, Object>> rows, Map<String, Object> out) {
        if ("HYGRA".equals(out.get("overlay"))) {
            w.printf("%-18s %-22s %-8s %6s %6s%n", "id", "address", "phase", "links", "temp");
            for (Map<String, Object> r : rows) {
                w.printf("%-18s %-22s %-8s %6d %6s%n", r.get("id"), r.get("address"), r.get("phase"),
                        ((List<?>) r.get("neighbours")).size(), r.get("temperature"));
            }
            w.printf("%d nodes, degree limits %s, links %s%s%n", rows.size(),
                    (boolean) out.get("degreeLimitsOk") ? "ok" : "BROKEN",
                    (boolean) out.get("linksSymmetric") ? "symmetric" : "ONE-SIDED", unreachable(out));
            w.flush();
            return;
        }
        w.printf("%-18s %-22s %-8s %8s %6s %10s  %s%n", "id", "address", "phase", "zones", "nbrs", "volume",
                "attributes");
        for (Map<String, Object> r : rows) {
            Object attributes = r.get("attributes");
            w.printf("%-18s %-22s %-8s %8d %6d %10.6f  %s%n", r.get("id"), r.get("address"), r.get("phase"),
                    ((List<?>) r.get("zones")).size(), ((List<?>) r.get("neighbours")).size(), (double) r.get("volume"),
                    attributes == null ? "-" : attributes);
        }
        w.printf("%d nodes, volume sum %.9f, tiling %s, neighbour tables %s%s%n", rows.size(), (double) out.get("volumeSum"),
                (boolean) out.get("tilingOk") ? "ok" : "BROKEN", (boolean) out.get("neighbourTablesOk") ? "ok" : "WRONG",
                unreachable(out));
        w.flush();
    }

    private static String unreachable(Map<String, Object> out) {
        return ((List<?>) out.get("unreachable")).isEmpty() ? "" : ", unreachable: " + out.get("unreachable");
    }
}
