package io.cangrid.cli.node;

import io.cangrid.can.CanPhase;
import io.cangrid.can.inspect.NodeReport;
import io.cangrid.can.inspect.OverlayInspector;
import io.cangrid.can.inspect.PeersReply;
import io.cangrid.hygra.grid.HygraReport;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.Message;
import io.cangrid.can.message.NodeZones;
import io.cangrid.cli.JsonOption;
import io.cangrid.cli.JsonOutput;
import io.cangrid.cli.UserError;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.net.LiveClient;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /** The walk stops here: an operator's view, not a crawler. */
    static final int MAX_NODES = 10_000;

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
        List<Message> found = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        try (LiveClient c = new LiveClient(client.netConfig())) {
            Message first = PeersCommand.ask(c, peer);
            found.add(first);
            Set<Long> seen = new HashSet<>();
            seen.add(nodeOf(first).value());
            ArrayDeque<NodeId> queue = new ArrayDeque<>();
            enqueue(first, seen, queue);
            while (!queue.isEmpty() && found.size() < MAX_NODES) {
                NodeId next = queue.poll();
                try {
                    Message r = PeersCommand.ask(c, new HostPort(next.host(), next.port()));
                    found.add(r);
                    enqueue(r, seen, queue);
                } catch (UserError e) {
                    unreachable.add(PeerView.hex(next) + "@" + PeerView.address(next));
                }
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Message r : found) {
            rows.add(PeerView.of(r));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", rows);
        out.put("count", rows.size());
        out.put("unreachable", unreachable);
        if (first(found) instanceof HygraReport) {
            HygraLinkCheck check = HygraLinkCheck.of(found);
            out.put("overlay", "HYGRA");
            out.put("degreeLimitsOk", check.degreeLimitsOk());
            out.put("linksSymmetric", check.linksSymmetric());
            out.put("problems", check.problems());
        } else {
            List<NodeReport> active = new ArrayList<>();
            for (Message m : found) {
                if (m instanceof PeersReply r && CanPhase.ACTIVE.name().equals(r.phase())) {
                    active.add(r.report());
                }
            }
            OverlayInspector.Report check = OverlayInspector.inspectReports(active);
            out.put("overlay", "CAN");
            out.put("volumeSum", check.volumeSum());
            out.put("tilingOk", check.tilingOk());
            out.put("neighbourTablesOk", check.neighbourTablesOk());
            out.put("problems", check.examples());
        }
        if (json.enabled()) {
            JsonOutput.print(spec, out);
        } else {
            print(spec.commandLine().getOut(), rows, out);
        }
        return 0;
    }

    private static Message first(List<Message> found) {
        return found.get(0);
    }

    static NodeId nodeOf(Message reply) {
        return reply instanceof PeersReply r ? r.report().node() : ((HygraReport) reply).node();
    }

    private static void enqueue(Message reply, Set<Long> seen, ArrayDeque<NodeId> queue) {
        List<NodeId> next = new ArrayList<>();
        if (reply instanceof PeersReply r) {
            for (NodeZones n : r.neighbours()) {
                next.add(n.node());
            }
        } else {
            for (NodeState n : ((HygraReport) reply).links()) {
                next.add(n.node());
            }
        }
        for (NodeId n : next) {
            if (n.hasAddress() && seen.add(n.value())) {
                queue.add(n);
            }
        }
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
        w.printf("%-18s %-22s %-8s %8s %6s %10s%n", "id", "address", "phase", "zones", "nbrs", "volume");
        for (Map<String, Object> r : rows) {
            w.printf("%-18s %-22s %-8s %8d %6d %10.6f%n", r.get("id"), r.get("address"), r.get("phase"),
                    ((List<?>) r.get("zones")).size(), ((List<?>) r.get("neighbours")).size(), (double) r.get("volume"));
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
