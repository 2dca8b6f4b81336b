package io.cangrid.cli.node;

import io.cangrid.can.CanListener;
import io.cangrid.can.CanNode;
import io.cangrid.can.NeighbourEntry;
import io.cangrid.can.geometry.Zone;
import io.cangrid.overlay.NodeId;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per thing an operator wants to see happen on a node: it joined (or gave up), its zones
 * changed, a neighbour came or went, it handed its zones over. State updates that change nothing are
 * not logged.
 */
final class NodeEventsLog implements CanListener {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node");

    private final CanNode can;
    private final Set<Long> neighbours = new HashSet<>();
    private boolean joined;
    private String lastZones = "";

    NodeEventsLog(CanNode can) {
        this.can = can;
    }

    @Override
    public void neighbourStateReceived(NeighbourEntry entry) {
        if (neighbours.add(entry.id().value())) {
            log.info("neighbour added: {} ({} neighbours)", entry.id(), neighbours.size());
        }
    }

    @Override
    public void neighbourRemoved(NodeId id) {
        if (neighbours.remove(id.value())) {
            log.info("neighbour removed: {} ({} neighbours)", id, neighbours.size());
        }
    }

    @Override
    public void zonesChanged() {
        String zones = describe(can.zones());
        if (!joined && can.zones().length > 0) {
            joined = true;
            log.info("joined the grid as {}", can.id());
        }
        if (!zones.equals(lastZones)) {
            lastZones = zones;
            log.info("zones now {} (volume {})", zones, String.format(Locale.ROOT, "%.6f", can.volume()));
        }
    }

    @Override
    public void zonesHandedOver(Zone[] zones, NodeId to) {
        log.info("handed {} zone(s) over to {}", zones.length, to);
    }

    @Override
    public void joinAbandoned(String why) {
        log.error("could not join: {}", why);
    }

    static String describe(Zone[] zones) {
        return Arrays.stream(zones).map(z -> {
            StringBuilder b = new StringBuilder("[");
            for (int d = 0; d < z.dimensions(); d++) {
                b.append(d == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4f-%.4f", z.lo(d), z.hi(d)));
            }
            return b.append(']').toString();
        }).reduce((a, b) -> a + " " + b).orElse("[]");
    }
}
