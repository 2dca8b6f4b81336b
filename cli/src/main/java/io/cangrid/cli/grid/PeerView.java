package io.cangrid.cli.grid;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.inspect.PeersReply;
import io.cangrid.hygra.grid.HygraReport;
import io.cangrid.hygra.message.NodeState;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A node's {@link PeersReply} in the shape {@code peers} and {@code nodes} print (JSON field order fixed). */
public final class PeerView {

    /** Where a live node's capabilities give the cores it lends. */
    private static final int CORES = ResourceSchema.desktopSchema().indexOf(ResourceSchema.CORES);

    private PeerView() {
    }

    public static Map<String, Object> of(Message reply) {
        if (reply instanceof PeersReply r) {
            return of(r);
        }
        return of((HygraReport) reply);
    }

    public static Map<String, Object> of(HygraReport r) {
        Map<String, Object> m = head(r.node(), "HYGRA", r.phase(), r.capabilities());
        m.put("available", r.available());
        m.put("temperature", r.temperature());
        m.put("degMin", r.degMin());
        m.put("degMax", r.degMax());
        List<Map<String, Object>> links = new ArrayList<>();
        for (NodeState n : r.links()) {
            Map<String, Object> nm = new LinkedHashMap<>();
            nm.put("id", hex(n.node()));
            nm.put("address", address(n.node()));
            links.add(nm);
        }
        m.put("neighbours", links);
        m.put("queueLength", r.queueLength());
        return m;
    }

    private static Map<String, Object> head(NodeId id, String overlay, String phase, Capabilities capabilities) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", hex(id));
        m.put("address", address(id));
        m.put("overlay", overlay);
        m.put("phase", phase);
        Map<String, Object> caps = new LinkedHashMap<>();
        caps.put("cpu", capabilities.get(0));
        caps.put("memoryMiB", capabilities.get(1));
        caps.put("diskGiB", capabilities.get(2));
        // A node of an older build sends three values: no cores then, rather than a failed view.
        if (capabilities.size() > CORES) {
            caps.put("cores", (int) capabilities.get(CORES));
        }
        m.put("capabilities", caps);
        return m;
    }

    public static Map<String, Object> of(PeersReply r) {
        Map<String, Object> m = head(r.report().node(), "CAN", r.phase(), r.capabilities());
        List<Map<String, Object>> zones = new ArrayList<>();
        double volume = 0;
        for (Zone z : r.report().zones()) {
            Map<String, Object> zm = new LinkedHashMap<>();
            double[] lo = new double[z.dimensions()];
            double[] hi = new double[z.dimensions()];
            for (int d = 0; d < lo.length; d++) {
                lo[d] = z.lo(d);
                hi[d] = z.hi(d);
            }
            zm.put("lower", lo);
            zm.put("upper", hi);
            zm.put("volume", z.volume());
            volume += z.volume();
            zones.add(zm);
        }
        m.put("zones", zones);
        m.put("volume", volume);
        List<Map<String, Object>> neighbours = new ArrayList<>();
        for (NodeZones n : r.neighbours()) {
            Map<String, Object> nm = new LinkedHashMap<>();
            nm.put("id", hex(n.node()));
            nm.put("address", address(n.node()));
            neighbours.add(nm);
        }
        m.put("neighbours", neighbours);
        m.put("queueLength", r.queueLength());
        m.put("ad", r.ad());
        return m;
    }

    public static String hex(NodeId id) {
        return id.shortName();
    }

    public static String address(NodeId id) {
        return id.hasAddress() ? id.host() + ":" + id.port() : null;
    }
}
