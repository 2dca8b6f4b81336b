package io.cangrid.cli.grid;

import io.cangrid.hygra.grid.HygraReport;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks {@code cangrid nodes} makes of a walked HYGRA grid: every active node keeps its degree
 * within its limits (a node alone in a grid smaller than the lower limit cannot, and is not counted), and
 * every link is known on both ends (a link one side has cut and the other not yet heard of shows here
 * until the cut arrives, so a settled grid has none).
 */
public record HygraLinkCheck(boolean degreeLimitsOk, boolean linksSymmetric, List<String> problems) {

    public static final int MAX_PROBLEMS = 10;

    public static HygraLinkCheck of(List<Message> replies) {
        Map<Long, Set<Long>> links = new HashMap<>();
        List<HygraReport> active = new ArrayList<>();
        for (Message m : replies) {
            if (m instanceof HygraReport r && "ACTIVE".equals(r.phase())) {
                active.add(r);
                Set<Long> ends = new HashSet<>();
                for (NodeState s : r.links()) {
                    ends.add(s.node().value());
                }
                links.put(r.node().value(), ends);
            }
        }
        List<String> problems = new ArrayList<>();
        boolean degreesOk = true;
        boolean symmetric = true;
        int others = active.size() - 1;
        for (HygraReport r : active) {
            int degree = r.links().length;
            int floor = Math.min(r.degMin(), others);
            if (degree < floor || degree > r.degMax()) {
                degreesOk = false;
                note(problems, hex(r.node()) + " has " + degree + " links, limits " + r.degMin() + ".." + r.degMax());
            }
            for (NodeState s : r.links()) {
                Set<Long> back = links.get(s.node().value());
                if (back != null && !back.contains(r.node().value())) {
                    symmetric = false;
                    note(problems, hex(r.node()) + " links to " + hex(s.node()) + ", which does not link back");
                }
            }
        }
        return new HygraLinkCheck(degreesOk, symmetric, List.copyOf(problems));
    }

    private static void note(List<String> problems, String problem) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(problem);
        }
    }

    private static String hex(NodeId id) {
        return id.shortName();
    }
}
