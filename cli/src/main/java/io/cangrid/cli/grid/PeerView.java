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
        m.put("attributes", attributes(r.ad()));
        return m;
    }

    /** Attributes that no capability and no policy names, or their names on a ground for reading them. */
    private static final java.util.Set<String> NOT_ATTRIBUTES = java.util.Set.of("cpuspeed", "memory", "disk", "cpus",
            "start", "requirements", "constraint", "rank");

    /**
     * What a person reads of a node's ad in a table: its attributes beyond its capabilities, then what it
     * accepts and prefers, e.g. {@code OpSys="LINUX" Arch="X86_64" accepts: other.Owner =!= "riffraff"};
     * null for a node that publishes none. A reply whose ad does not parse shows why instead.
     */
    public static String attributes(String adText) {
        if (adText == null) {
            return null;
        }
        io.cangrid.overlay.ad.Ad ad;
        try {
            ad = io.cangrid.overlay.ad.Ad.parse(adText);
        } catch (IllegalArgumentException e) {
            return "(an ad that does not parse: " + e.getMessage() + ")";
        }
        StringBuilder sb = new StringBuilder();
        for (String name : ad.names()) {
            if (!NOT_ATTRIBUTES.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                sb.append(sb.isEmpty() ? "" : " ").append(name).append('=').append(ad.get(name));
            }
        }
        if (ad.has("Start")) {
            sb.append(sb.isEmpty() ? "" : " ").append("accepts: ").append(ad.get("Start"));
        }
        if (ad.has("Rank")) {
            sb.append(sb.isEmpty() ? "" : "; ").append("prefers: ").append(ad.get("Rank"));
        }
        return sb.toString();
    }

    public static String hex(NodeId id) {
        return id.shortName();
    }

    public static String address(NodeId id) {
        return id.hasAddress() ? id.host() + ":" + id.port() : null;
    }
}
